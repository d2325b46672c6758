import type { Router } from '../tm/http/router.ts';
import type { KitConfigPatch, KitCurrency } from './kit-config.ts';
import type { NewCredentials } from './kit-market.ts';
import type { AuthEnv, AuthResult, KitRequest, KitRoute } from './kit-types.ts';

/** What one marketplace supplies to the shared simulator pipeline. */
export interface KitMarketDefinition {
  /** The market code (dmarket, steam, ...): used in seeds, logs and the control index. */
  name: string;
  /** Integer units per major unit of the currency the market keeps amounts in (cents 100, mils 1000). */
  unitsPerMajor: number;
  /** The config this market starts with (its currency and its documented rate limits). */
  defaultConfig: KitConfigPatch & { currency: KitCurrency };
  registerRoutes(router: Router<KitRoute>): void;
  /** Fresh credentials of a new account (random: they are identities); `steamid` is the account's. */
  newCredentials(steamid: string): NewCredentials;
  /**
   * The credentials of an account created with a credential the caller already holds, in the form the
   * client stores (the demo registers its seeded keys, as the tm simulator's `key`); null when `credential`
   * is not of this market's form. Markets without it refuse a given credential.
   */
  givenCredentials?(credential: string): NewCredentials | null;
  /** Reads the request's credentials; `none` when it carries none. */
  authenticate(req: KitRequest, env: AuthEnv): AuthResult;
  /**
   * The HTTP status of a market refusal raised by a handler (default: the refusal's own status). Markets
   * that answer business errors inside HTTP 200 (Waxpeer, Steam) map them here.
   */
  refusalStatus?(status: number, code: string): number;
  /** The answer to a call without credentials on a route that needs them (default: 401 and errorBody). */
  unauthenticated?(): { status: number; body: unknown };
  /** The market's error body for a refusal (`code` is the market's own error string). */
  errorBody(status: number, code: string, message: string): unknown;
}
