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
export type { FaultKind, FaultSpec } from './tm/faults/tm-faults.ts';
export type { KeyRateBySecond, KeyStats, StatsSnapshot } from './tm/stats/sim-stats.ts';
export { TM_ERRORS, TM_PING_MESSAGES, CHANGE_CURRENCY_CODES } from './tm/tm-errors.ts';
export { Catalogue, loadCatalogue, type CatalogueItem } from './data/catalogue.ts';
export {
  OTHER_MARKET_DEFINITIONS,
  OTHER_MARKET_PREFIXES,
  STEAM_PREFIX,
  type OtherMarket,
  type SimulatorState,
} from './server.ts';
export { KitSimulator, type KitSimulatorOptions } from './kit/kit-simulator.ts';
export {
  KitMarket,
  type SimAccount,
  type SimItem,
  type SimListing,
  type SimOrder,
} from './kit/kit-market.ts';
export {
  DEFAULT_KIT_CONFIG,
  type KitConfig,
  type KitConfigPatch,
  type KitCurrency,
} from './kit/kit-config.ts';
export type { KitMarketDefinition } from './kit/kit-definition.ts';
export type { KitStatsSnapshot, KitAccountStats } from './kit/kit-stats.ts';
export { registerKitSimulator, type RegisterKitOptions } from './kit/register-kit-simulator.ts';
export { KitControlClient, type KitCreatedAccount } from './kit/kit-control-client.ts';
export { generateDmarketKeyPair, signedText as dmarketSignedText } from './dmarket/dmarket-signature.ts';
export * from './proxy/index.ts';
export * from './steam/index.ts';
