/** The header that carries the bot token (spec section 6); HTTP header names are case-insensitive. */
export const APP_TOKEN_HEADER = 'X-App-Token';
