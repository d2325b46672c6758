import { HttpClient } from '@toydesk/http';
import { afterAll, beforeAll } from 'vitest';

import { SteamSimulatorGateway } from '../simulator-gateway/steam-simulator-gateway.ts';
import {
  createSteamSimulator,
  SteamSimControlClient,
  type SimClock,
  type SimCreatedAccount,
  type SteamSimConfigPatch,
  type SteamSimulatorServer,
} from '@toydesk/simulators';
import type { SteamCredentials, SteamSession } from '../steam-gateway.ts';

/** Tests: a simulator on port 0 and a gateway talking to it over HTTP. Request limits are relaxed unless given. */
export interface SteamSimHarness {
  server: SteamSimulatorServer;
  base: string;
  control: SteamSimControlClient;
  gateway: SteamSimulatorGateway;
  http: HttpClient;
  /** A fresh account (with the authenticator unless told otherwise), logged in. */
  account(
    options?: Record<string, unknown>,
  ): Promise<{ created: SimCreatedAccount; credentials: SteamCredentials; session: SteamSession }>;
  close(): Promise<void>;
}

export const RELAXED_LIMITS: SteamSimConfigPatch = {
  loginRateLimit: { max: 10_000, windowMs: 600_000, blockMs: 1_800_000 },
  confirmationRateLimit: { max: 10_000, windowMs: 60_000, blockMs: 300_000 },
  inventoryRateLimit: { max: 10_000, windowMs: 60_000 },
  priceOverviewRateLimit: { max: 10_000, windowMs: 60_000 },
};

export async function startSteamSim(
  options: { config?: SteamSimConfigPatch; clock?: SimClock; retries?: number } = {},
): Promise<SteamSimHarness> {
  const server = await createSteamSimulator({
    ...(options.clock ? { clock: options.clock } : {}),
    config: { ...RELAXED_LIMITS, ...options.config },
  });
  const base = await server.listen({ port: 0 });
  const http = new HttpClient({
    retry: { baseDelayMs: 20, maxDelayMs: 100, retriesWithoutBody: options.retries ?? 0 },
  });
  const gateway = new SteamSimulatorGateway({ baseUrl: base, http });
  const control = new SteamSimControlClient(base);
  return {
    server,
    base,
    control,
    gateway,
    http,
    async account(accountOptions = {}) {
      const created = await control.createAccount(accountOptions);
      const credentials: SteamCredentials = {
        accountName: created.accountName,
        password: created.password,
        sharedSecret: created.sharedSecret,
      };
      const session = await gateway.login(credentials);
      return { created, credentials, session };
    },
    async close() {
      await http.close();
      await server.close();
    },
  };
}

/**
 * Tests: a simulator started before the suite's tests and closed after them (call inside `describe`). The
 * object is filled in by `beforeAll`, so the tests read it as they would a harness they had started.
 */
export function steamSimForSuite(): SteamSimHarness {
  const sim = {} as SteamSimHarness;
  beforeAll(async () => {
    Object.assign(sim, await startSteamSim());
  });
  afterAll(() => sim.close());
  return sim;
}
