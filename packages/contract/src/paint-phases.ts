/**
 * Paint-index variants that share one market hash name: the Doppler and Gamma Doppler phases. A "★ Karambit |
 * Doppler (Factory New)" is a Phase 2, a Ruby or a Black Pearl by its paint index, each at its own price,
 * under the same name. tm's set-order, get-orders and bid-ask take the variant as `phase`
 * (marketplaces.md 1.4); the codes below are the ones its site uses in `?phase=` and CS2 trading tools use
 * for these finishes (there is no public sample of a set-order with a phase: the codes rest on that usage).
 *
 * Paint indexes: Doppler 415 Ruby, 416 Sapphire, 417 Black Pearl, 418–421 Phases 1–4 (and the later knives'
 * 617 Black Pearl, 618 Phase 2, 619 Sapphire, 852–855 Phases 1–4); Gamma Doppler 568 Emerald, 569–572
 * Phases 1–4 (the Glock's 1119 Emerald, 1120–1123 Phases 1–4).
 */
export const PAINT_PHASES = [
  'phase1',
  'phase2',
  'phase3',
  'phase4',
  'ruby',
  'sapphire',
  'blackpearl',
  'emerald',
] as const;
export type PaintPhase = (typeof PAINT_PHASES)[number];

/** The phase of each paint index of the Doppler family. */
export const PAINT_INDEX_PHASE: Readonly<Record<number, PaintPhase>> = {
  415: 'ruby',
  416: 'sapphire',
  417: 'blackpearl',
  418: 'phase1',
  419: 'phase2',
  420: 'phase3',
  421: 'phase4',
  568: 'emerald',
  569: 'phase1',
  570: 'phase2',
  571: 'phase3',
  572: 'phase4',
  617: 'blackpearl',
  618: 'phase2',
  619: 'sapphire',
  852: 'phase1',
  853: 'phase2',
  854: 'phase3',
  855: 'phase4',
  1119: 'emerald',
  1120: 'phase1',
  1121: 'phase2',
  1122: 'phase3',
  1123: 'phase4',
};

/** The phases a name can have: Gamma Doppler has Emerald, Doppler has Ruby, Sapphire and Black Pearl; others none. */
export function phasesOf(marketHashName: string): readonly PaintPhase[] {
  const plain = ['phase1', 'phase2', 'phase3', 'phase4'] as const;
  if (/\| Gamma Doppler\b/.test(marketHashName)) return [...plain, 'emerald'];
  if (/\| Doppler\b/.test(marketHashName)) return [...plain, 'ruby', 'sapphire', 'blackpearl'];
  return [];
}
