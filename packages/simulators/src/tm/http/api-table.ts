import type { ApiRoute, KeyedHandler, PublicHandler } from './context.ts';
import { Router, type HttpMethod } from './router.ts';

/** The market's API routes: keyed methods (need `key`) and public files. */
export class ApiTable {
  readonly router = new Router<ApiRoute>();

  /** A keyed method; `name` is what the stats count it as (e.g. `get-money`, `ProcessOrder`). */
  keyed(methods: readonly HttpMethod[], pattern: string, name: string, handler: KeyedHandler): void {
    this.router.add(methods, pattern, { kind: 'keyed', name, handler });
  }

  get(pattern: string, name: string, handler: KeyedHandler): void {
    this.keyed(['GET'], pattern, name, handler);
  }

  post(pattern: string, name: string, handler: KeyedHandler): void {
    this.keyed(['POST'], pattern, name, handler);
  }

  /** A public file: no key, no rate limit. */
  file(pattern: string, name: string, handler: PublicHandler): void {
    this.router.add(['GET'], pattern, { kind: 'public', name, handler });
  }
}
