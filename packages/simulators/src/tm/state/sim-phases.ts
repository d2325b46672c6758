import { phasesOf, type PaintPhase } from '@toydesk/contract';

import { hashText } from '../../util/random.ts';

/**
 * Doppler phases on the simulated market. A Doppler or Gamma Doppler name is one market hash name for
 * several paint indexes; each simulated offer of such a name is one phase (chosen from its item id, so the
 * seeded book stays the same and draws nothing from the random generator), priced by how that phase trades
 * against the name's reference price: the gems far above, Phase 2 and 4 a little above.
 */

const PRICE_FACTOR: Readonly<Record<PaintPhase, number>> = {
  phase1: 1,
  phase2: 1.25,
  phase3: 0.95,
  phase4: 1.15,
  ruby: 6,
  sapphire: 7,
  blackpearl: 4,
  emerald: 5,
};

/** The phase of a simulated offer of this name ('' when the name has no phases). */
export function simPhaseOf(marketHashName: string, itemId: string): PaintPhase | '' {
  const phases = phasesOf(marketHashName);
  if (phases.length === 0) return '';
  return phases[hashText(itemId) % phases.length]!;
}

const DOPPLER_INDEX: Readonly<Record<string, number>> = {
  ruby: 415,
  sapphire: 416,
  blackpearl: 417,
  phase1: 418,
  phase2: 419,
  phase3: 420,
  phase4: 421,
};
const GAMMA_INDEX: Readonly<Record<string, number>> = {
  emerald: 568,
  phase1: 569,
  phase2: 570,
  phase3: 571,
  phase4: 572,
};

/** The paint index of a phase of a name (the first-generation knives' indexes), null without a phase. */
export function simPaintIndexOf(marketHashName: string, phase: string | undefined): number | null {
  if (!phase) return null;
  const table = /\| Gamma Doppler\b/.test(marketHashName) ? GAMMA_INDEX : DOPPLER_INDEX;
  return table[phase] ?? null;
}

/** How a phase's price compares with the name's reference price. */
export function phasePriceFactor(phase: PaintPhase | ''): number {
  return phase === '' ? 1 : PRICE_FACTOR[phase];
}
