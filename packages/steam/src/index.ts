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
  SteamSimulatorGateway,
  type SteamSimulatorGatewayOptions,
} from './simulator-gateway/steam-simulator-gateway.ts';
export { SimulatorControlClient } from './simulator-gateway/simulator-control-client.ts';
export { RealSteamGateway, type RealSteamGatewayOptions } from './real/real-steam-gateway.ts';
export type { SteamLibraries } from './real/libraries.ts';
export { libraryError } from './real/library-errors.ts';
