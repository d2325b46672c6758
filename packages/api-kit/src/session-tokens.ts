import { createHash, createHmac, randomBytes } from 'node:crypto';

/*
 * The secrets of an operator's session, shared by the API server (which issues them at login) and the bot
 * services (which check the bot token). Only their SHA-256 hashes reach the database: each is 256 random
 * bits (or derived from them), so a fast hash is enough, and a stolen table opens no session.
 */

/** A new random secret: 32 bytes, base64url. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

/** How a session or bot token is stored and looked up (hex SHA-256). */
export const hashSecretToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The session's app token for the bot services (X-App-Token). Derived from the session cookie, not stored:
 * the server hands it to the console with the common data whenever asked, yet keeps only its hash, and the
 * token reveals nothing of the cookie (HMAC is one-way). A new login is a new cookie, so a new bot token.
 */
export const botTokenOf = (sessionToken: string) =>
  createHmac('sha256', sessionToken).update('toydesk bot token').digest('base64url');

/** What the database keeps of a session (operator_session): the hashes of its cookie and of its bot token. */
export const sessionTokenHashes = (sessionToken: string) => ({
  tokenHash: hashSecretToken(sessionToken),
  botTokenHash: hashSecretToken(botTokenOf(sessionToken)),
});
