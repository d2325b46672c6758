export * from './steam-gateway.ts';
export * from './steam-error.ts';
export { ERESULT, eresultName, type EResultName } from './eresult.ts';
export {
  steamGuardCodeAt,
  steamGuardCodeNow,
  confirmationKey,
  deviceIdFor,
  isSteamGuardCodeValid,
} from './totp.ts';
export {
  parseTradeUrl,
  tradeUrlFor,
  steamIdFromAccountId,
  accountIdFromSteamId,
  groupSteamIdFromId,
} from './steam-id.ts';
export { parseSteamPrice, formatSteamPrice, currencyCode, currencyIdOf, STEAM_CURRENCIES } from './prices.ts';
export { buildSession, refreshTokenAlive } from './session.ts';
export { decodeJwtPayload } from './jwt.ts';
export {
  SteamWebClient,
  REAL_STEAM_HOSTS,
  type SteamHosts,
  type SteamWebClientOptions,
} from './web/steam-web-client.ts';
export { SHOWCASE_TYPES } from './web/profile-item-calls.ts';
export { randomProfileInfo } from './random-profile.ts';
export {
  SimulatedSteamGateway,
  type SimulatedSteamGatewayOptions,
} from './simulated/simulated-steam-gateway.ts';
export { RealSteamGateway, type RealSteamGatewayOptions } from './real/real-steam-gateway.ts';
export {
  createSteamSimulator,
  registerSteamSimulator,
  SteamSimulator,
  type SteamSimulatorOptions,
  type SteamSimulatorServer,
  type RegisterSteamSimulatorOptions,
} from './sim/steam-simulator.ts';
export { createSimClock, type SimClock, type SimClockOptions } from './sim/sim-clock.ts';
export { DEFAULT_STEAM_SIM_CONFIG, type SteamSimConfig, type SteamSimConfigPatch } from './sim/sim-config.ts';
export type { FaultKind, FaultSpec } from './sim/fault-store.ts';
export type { SteamSimStatsSnapshot } from './sim/sim-stats.ts';
export {
  SteamSimControlClient,
  type SimCreatedAccount,
  type SimControlItem,
} from './sim/control/control-client.ts';
export type { SteamLibraries } from './real/libraries.ts';
export { libraryError } from './real/library-errors.ts';
