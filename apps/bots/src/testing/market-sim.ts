import { createSimulatorServer, loadCatalogue, type SimulatorServer } from '@toydesk/simulators';
import { SIMULATOR_PREFIX } from '@toydesk/markets';
import { SimulatorControlClient } from '@toydesk/steam';
import type { Currency, MarketCode } from '@toydesk/contract';

/** An item the simulator made for an account: its asset id, the same on the simulated Steam. */
export interface SimItem {
  assetid: string;
  market_hash_name: string;
}

/** The marketplace simulators on a free port, and the env that points the bots at them. */
export interface MarketSim {
  server: SimulatorServer;
  base: string;
  env: Record<string, string>;
  /** An account on the simulated market (its key, currency and money). */
  account(
    market: MarketCode,
    options?: { currency?: Currency; money?: number; inventory?: number },
  ): Promise<string>;
  /** A tm-family API call straight to the simulator (no client, no rate limit): test set-up only. */
  v2<T = Record<string, unknown>>(
    market: MarketCode,
    method: string,
    query: Record<string, string | number>,
  ): Promise<T>;
  /**
   * An online tm account (RUB, 100,000 unless said) holding one item of each of `names`: its key and the
   * items as the simulator made them.
   */
  tmSeller(names: string[], options?: { money?: number }): Promise<{ key: string; items: SimItem[] }>;
  control<T = unknown>(market: MarketCode, method: string, path: string, body?: unknown): Promise<T>;
  names(count: number): string[];
  close(): Promise<void>;
}

export async function startMarketSim(): Promise<MarketSim> {
  const server = await createSimulatorServer();
  const base = (await server.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const prefix = (market: MarketCode) => `${base}${SIMULATOR_PREFIX[market]}`;
  const control = <T>(market: MarketCode, method: string, path: string, body?: unknown): Promise<T> =>
    new SimulatorControlClient(prefix(market), `${market} control`).call<T>(method, path, body);
  // Set-up goes straight to the simulator: let it take more than tm's 5 per second from the test itself.
  for (const market of ['tm', 'cs7', 'cs7_proxy'] as MarketCode[]) {
    await control(market, 'POST', 'config', { rateLimitMax: 10_000 });
  }
  return {
    server,
    base,
    env: {
      TOYDESK_MARKET_TM_URL: prefix('tm'),
      TOYDESK_MARKET_TM_USD_URL: prefix('tm_usd'),
      TOYDESK_MARKET_CS7_URL: prefix('cs7'),
      TOYDESK_MARKET_CS7_PROXY_URL: prefix('cs7_proxy'),
    },
    async account(market, options = {}) {
      const created = await control<{ key: string }>(market, 'POST', 'accounts', {
        currency: options.currency ?? 'RUB',
        money: options.money ?? 100_000,
        inventory: options.inventory ?? 0,
      });
      return created.key;
    },
    async v2<T>(market: MarketCode, method: string, query: Record<string, string | number>) {
      const url = new URL(`${prefix(market)}/api/v2/${method}`);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
      return (await (await fetch(url)).json()) as T;
    },
    tmSeller: (names, options = {}) =>
      control<{ key: string; items: SimItem[] }>('tm', 'POST', 'accounts', {
        currency: 'RUB',
        money: options.money ?? 100_000,
        names,
        online: true,
      }),
    control,
    names: (count) =>
      loadCatalogue()
        .items.slice(0, count)
        .map((item) => item.marketHashName),
    close: () => server.close(),
  };
}
