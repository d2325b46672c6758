import { createSimClock } from '../clock/sim-clock.ts';
import { createSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from '../server.ts';

/**
 * Tests talk to a real simulator server over HTTP (port 0). Functional tests raise the rate limit so they
 * can call quickly; the limiter test runs with the real limit.
 */

export type Query = Record<string, string | number | readonly (string | number)[]>;
export type Market = 'tm' | 'cs7' | 'cs7_proxy';

export interface Created {
  key: string;
  steamid: string;
  steamid32: number;
  userId: number;
  currency: string;
  money: number;
  moneyMinor: number;
  tradeToken: string;
  items: { assetid: string; classid: string; instanceid: string; market_hash_name: string }[];
}

export interface Reply<T> {
  status: number;
  body: T;
  text: string;
}

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const one of value) params.append(name, String(one));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export class Harness {
  constructor(
    readonly server: SimulatorServer,
    readonly base: string,
  ) {}

  url(path: string, query?: Query, market: Market = 'tm'): string {
    return `${this.base}/${market}${path}${queryString(query)}`;
  }

  async request<T>(method: string, url: string, init: RequestInit = {}): Promise<Reply<T>> {
    const response = await fetch(url, { method, ...init });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (HTML fault pages, CSV files)
    }
    return { status: response.status, body: body as T, text };
  }

  /** GET a v2 method: `get('get-money', {key})`. */
  async v2<T = Record<string, unknown>>(
    method: string,
    query: Query = {},
    market: Market = 'tm',
  ): Promise<T> {
    return (await this.request<T>('GET', this.url(`/api/v2/${method}`, query, market))).body;
  }

  async postJson<T = Record<string, unknown>>(path: string, query: Query, body: unknown): Promise<Reply<T>> {
    return this.request<T>('POST', this.url(path, query), {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async postForm<T = Record<string, unknown>>(path: string, query: Query, form: string): Promise<Reply<T>> {
    return this.request<T>('POST', this.url(path, query), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
  }

  async control<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    market: Market = 'tm',
  ): Promise<Reply<T>> {
    return this.request<T>(method, `${this.base}/${market}/_control/${path}`, {
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  }

  async account(options: Record<string, unknown> = {}, market: Market = 'tm'): Promise<Created> {
    const reply = await this.control<Created>('POST', 'accounts', options, market);
    if (reply.status !== 200) throw new Error(`account creation failed: ${reply.text}`);
    return reply.body;
  }

  async advance(ms: number): Promise<void> {
    await this.control('POST', 'clock/advance', { ms });
  }

  /** Puts a fresh Steam item of `key` on sale; returns its assetid and item_id. */
  async list(key: string, price: number, name = 'AK-47 | Redline (Field-Tested)') {
    const added = await this.control<{ items: { assetid: string }[] }>('POST', `accounts/${key}/items`, {
      names: [name],
    });
    const assetid = added.body.items[0]?.assetid ?? '';
    const reply = await this.v2<{ success: boolean; item_id: number }>('add-to-sale', {
      key,
      id: assetid,
      price,
    });
    if (!reply.success) throw new Error(`add-to-sale failed: ${JSON.stringify(reply)}`);
    return { assetid, itemId: String(reply.item_id) };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

export async function startHarness(options: SimulatorServerOptions = {}, fastLimit = true): Promise<Harness> {
  const server = await createSimulatorServer({
    clock: options.clock ?? createSimClock(),
    ...options,
    config: { ...(fastLimit ? { rateLimitMax: 100_000 } : {}), ...options.config },
  });
  const base = await server.listen();
  return new Harness(server, base);
}
