/**
 * A token that stays counted while its request is on its way (a limiter that holds tokens until answered,
 * PostgresRateLimiter with `holdUntilAnswered`). The transport sends before `sendBy` or not at all, and
 * calls `answered()` once an answer has arrived: only then does the token's window start, so however late a
 * slow process sends, the marketplace cannot see that request closer than a window to another.
 */
export interface RateLimitGrant {
  /** Time (the transport's clock, Date.now) after which the request must not be sent: take a new token. */
  sendBy?: number;
  /** An answer arrived: the request reached the marketplace before now. Never rejects. */
  answered(): Promise<void>;
}

/**
 * Hands out tokens per key (e.g. `tm:<hash of the API key>`): `acquire` resolves when one more request
 * under that key stays within the key's limit, and rejects with the signal's reason when it aborts first.
 * It resolves with a grant when the token is held until the request is answered (see RateLimitGrant).
 */
export interface RateLimiter {
  acquire(key: string, signal?: AbortSignal): Promise<RateLimitGrant | void>;
}

/**
 * Tokens granted and seconds spent waiting for them, per limiter key, since the process started: what
 * `/metrics` shows of the rate limits. Keys are key ids (`tm:<16 hex of the API key's hash>`), never a key.
 */
export const rateLimitUse = new Map<string, { granted: number; waitedSeconds: number }>();

/**
 * Sends each key to the limiter of its prefix (the part before the first ':'), so that one client can
 * hold tm at 5 requests per second and another marketplace at its own limit.
 */
export class KeyPrefixRateLimiter implements RateLimiter {
  constructor(
    private readonly routes: Readonly<Record<string, RateLimiter>>,
    private readonly fallback?: RateLimiter,
  ) {}

  acquire(key: string, signal?: AbortSignal): Promise<RateLimitGrant | void> {
    const colon = key.indexOf(':');
    const prefix = colon === -1 ? key : key.slice(0, colon);
    const limiter = Object.hasOwn(this.routes, prefix) ? this.routes[prefix] : this.fallback;
    if (limiter === undefined) {
      return Promise.reject(new Error(`No rate limiter for key prefix '${prefix}'`));
    }
    const asked = performance.now();
    return limiter.acquire(key, signal).then((grant) => {
      const use = rateLimitUse.get(key) ?? { granted: 0, waitedSeconds: 0 };
      use.granted += 1;
      use.waitedSeconds += (performance.now() - asked) / 1000;
      rateLimitUse.set(key, use);
      return grant;
    });
  }
}
