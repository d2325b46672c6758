export { createSimClock, type SimClock, type SimClockOptions } from './clock/sim-clock.ts';
export {
  createSimulatorServer,
  TM_FAMILY_PREFIXES,
  type SimulatorServer,
  type SimulatorServerOptions,
  type TmFamilyMarket,
} from './server.ts';
export { registerTmSimulator, type RegisterTmOptions } from './tm/register-tm-simulator.ts';
export { TmSimulator, type SimOutcome, type SimRequest, type TmSimulatorOptions } from './tm/tm-simulator.ts';
export { TmMarket } from './tm/state/tm-market.ts';
export { DEFAULT_TM_CONFIG, type TmConfig, type TmConfigPatch } from './tm/state/config.ts';
export type { FaultKind, FaultSpec } from './tm/faults/fault-store.ts';
export type { KeyStats, StatsSnapshot } from './tm/stats/sim-stats.ts';
export { TM_ERRORS, TM_PING_MESSAGES, CHANGE_CURRENCY_CODES } from './tm/tm-errors.ts';
export { loadCatalogue, type CatalogueItem } from './data/catalogue.ts';
