export { parseSteamSession, SteamClient, type SteamSession } from './steam-client.ts';
export { SteamConfirmationRequiredError, SteamMarket } from './steam-market.ts';
export {
  parseSteamCount,
  parseSteamPrice,
  STEAM_CURRENCY_ID,
  STEAM_UNITS_PER_MAJOR,
  steamCurrencyOf,
} from './steam-price.ts';
