/**
 * Hands out tokens per key (e.g. `tm:<hash of the API key>`): `acquire` resolves when one more request
 * under that key stays within the key's limit, and rejects with the signal's reason when it aborts first.
 */
export interface RateLimiter {
  acquire(key: string, signal?: AbortSignal): Promise<void>;
}

/**
 * Sends each key to the limiter of its prefix (the part before the first ':'), so that one client can
 * hold tm at 5 requests per second and another marketplace at its own limit.
 */
export class KeyPrefixRateLimiter implements RateLimiter {
  constructor(
    private readonly routes: Readonly<Record<string, RateLimiter>>,
    private readonly fallback?: RateLimiter,
  ) {}

  acquire(key: string, signal?: AbortSignal): Promise<void> {
    const colon = key.indexOf(':');
    const prefix = colon === -1 ? key : key.slice(0, colon);
    const limiter = Object.hasOwn(this.routes, prefix) ? this.routes[prefix] : this.fallback;
    if (limiter === undefined) {
      return Promise.reject(new Error(`No rate limiter for key prefix '${prefix}'`));
    }
    return limiter.acquire(key, signal);
  }
}
