/**
 * Steam's wire formats — EResult codes, Steam IDs and trade URLs, Steam Guard codes and confirmation keys,
 * price strings, HTML escaping, multipart bodies — as one entry (`@toydesk/steam/wire`). The clients of this
 * package speak them, and so does the Steam simulator in `@toydesk/simulators`, which imports them from here
 * so both sides of the wire share one definition.
 */
export { ERESULT, eresultName, type EResultName } from './eresult.ts';
export { confirmationKey, deviceIdFor, isSteamGuardCodeValid, steamGuardCodeAt } from './totp.ts';
export { groupSteamIdFromId, steamIdFromAccountId, tradeUrlFor } from './steam-id.ts';
export { currencyCode, formatSteamPrice, parseSteamCount, parseSteamPrice } from './prices.ts';
export { escapeHtml } from './web/html.ts';
export { parseMultipart, type ParsedPart } from './web/multipart.ts';
