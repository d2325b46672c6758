/** The header that carries the bot token (spec section 6); HTTP header names are case-insensitive. */
export const APP_TOKEN_HEADER = 'X-App-Token';
/** The same name as Node hands it over (request.headers keys are lower case), for reading and log redaction. */
export const APP_TOKEN_HEADER_KEY = APP_TOKEN_HEADER.toLowerCase() as Lowercase<typeof APP_TOKEN_HEADER>;
