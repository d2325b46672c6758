import type { SimClock } from '../clock/sim-clock.ts';
import type { FaultStore } from '../faults/fault-store.ts';
import type { SteamSimStats } from './sim-stats.ts';
import type { FaultSpec } from './steam-faults.ts';
import type { SteamWorld } from './state/world.ts';
import type { WindowCounter } from './window-counter.ts';

/**
 * What the routes and the control API use of the Steam simulator. They take this, not the SteamSimulator
 * class, because the class registers them: naming the class would tie them and it in an import circle.
 */
export interface SteamSimParts {
  readonly clock: SimClock;
  readonly world: SteamWorld;
  readonly stats: SteamSimStats;
  readonly faults: FaultStore<FaultSpec>;
  readonly windows: WindowCounter;
  /** Back to the seeded start: world, faults, stats and request windows. */
  reset(): void;
}
