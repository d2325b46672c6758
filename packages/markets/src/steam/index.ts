export { SteamConfirmationRequiredError, SteamMarket } from './steam-market.ts';
export { STEAM_CURRENCY_ID, STEAM_UNITS_PER_MAJOR, steamCurrencyOf } from './steam-price.ts';
