import type { MarketCode } from '@toydesk/contract';
import { HttpClient, MemoryRateLimiter } from '@toydesk/http';
import {
  createSimulatorServer,
  KitControlClient,
  STEAM_PREFIX,
  SteamSimControlClient,
  type KitConfigPatch,
  type KitCreatedAccount,
  type OtherMarket,
  type SimulatorServer,
  type SimulatorServerOptions,
  type SteamSimConfigPatch,
} from '@toydesk/simulators';

import type { MarketClientConfig } from '../kit/market-transport.ts';
import { loadMarketEndpoints, type MarketEndpoint } from '../market-endpoints.ts';
import { startedBeforeAll } from './started-before-all.ts';

/**
 * Test support (imported by tests only): a simulator server on port 0, the endpoint of one market pointing
 * at it, its control API, and an HttpClient with a generous limiter and short backoff.
 */
export interface MarketSim<Control extends FaultControl = KitControlClient> {
  server: SimulatorServer;
  base: string;
  endpoint: MarketEndpoint;
  control: Control;
  http: HttpClient;
  /** A client's configuration for this simulator with the given credential. */
  config(credential: string): MarketClientConfig;
  /** The next matching call takes effect, then its connection drops before the answer arrives. */
  dropAnswerOnce(match: { path: string; method?: string }): Promise<unknown>;
  close(): Promise<void>;
}

/** What every simulator's control API offers: fault injection. */
interface FaultControl {
  fault(spec: Record<string, unknown>): Promise<unknown>;
}

async function startSim<Control extends FaultControl>(
  market: MarketCode,
  options: SimulatorServerOptions,
  control: (base: string, endpoint: MarketEndpoint) => Control,
): Promise<MarketSim<Control>> {
  const server = await createSimulatorServer(options);
  const base = await server.listen();
  const endpoint = loadMarketEndpoints({}, { simulatorBaseUrl: base })[market];
  const controlled = control(base, endpoint);
  const http = new HttpClient({
    rateLimiter: new MemoryRateLimiter({ limit: 1000, windowMs: 1000 }),
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
  });
  return {
    server,
    base,
    endpoint,
    control: controlled,
    http,
    config: (credential) => ({ baseUrl: endpoint.baseUrl, http, credential }),
    dropAnswerOnce: (match) => controlled.fault({ match, kind: 'drop', phase: 'after', count: 1 }),
    async close() {
      await http.close();
      await server.close();
    },
  };
}

/** A marketplace on the simulators' shared kit (Waxpeer, CSFloat, ...), controlled by its KitControlClient. */
export function startMarketSim(market: OtherMarket & MarketCode, config: KitConfigPatch = {}) {
  return startSim(market, { marketConfig: { [market]: config } }, (_base, endpoint) => {
    return new KitControlClient(endpoint.baseUrl);
  });
}

/** `startMarketSim` for a test file or describe block: started before its tests, closed after them. */
export function useMarketSim(market: OtherMarket & MarketCode, config: KitConfigPatch = {}): MarketSim {
  return startedBeforeAll(
    () => startMarketSim(market, config),
    (sim) => sim.close(),
  );
}

/** The Steam Community Market: the simulated Steam's, controlled through the Steam simulator's control API. */
export function startSteamMarketSim(config: SteamSimConfigPatch = {}) {
  return startSim(
    'steam',
    { steamConfig: config },
    (base) => new SteamSimControlClient(`${base}${STEAM_PREFIX}`),
  );
}

/** What a market's test file works with: its simulator, one account there, and the market as that account. */
export interface SimulatedMarket<M> {
  sim: MarketSim;
  account: KitCreatedAccount;
  market: M;
}

/** Starts `code`'s simulator, opens an account (`account`: its money and items) and the market under test on it. */
export async function startSimulatedMarket<M>(
  code: OtherMarket & MarketCode,
  Market: new (config: MarketClientConfig) => M,
  options: { config?: KitConfigPatch; account?: Parameters<KitControlClient['account']>[0] } = {},
): Promise<SimulatedMarket<M>> {
  const sim = await startMarketSim(code, options.config);
  const account = await sim.control.account(options.account);
  return { sim, account, market: new Market(sim.config(account.credential)) };
}

/**
 * A market test file's simulator, account and market (`startSimulatedMarket`), started before the file's
 * tests and closed after them.
 */
export function useSimulatedMarket<M>(
  ...args: Parameters<typeof startSimulatedMarket<M>>
): SimulatedMarket<M> {
  return startedBeforeAll(
    () => startSimulatedMarket(...args),
    ({ sim }) => sim.close(),
  );
}
