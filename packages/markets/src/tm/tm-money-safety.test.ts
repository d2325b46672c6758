import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

import type { HttpClient, HttpRequest } from '@toydesk/http';
import { startTestServer, type TestServer } from '@toydesk/http/testing/test-server';
import { loadCatalogue, type FaultSpec } from '@toydesk/simulators';

import { recordingLogger, simulatorClient } from '../testing/tm-test-client.ts';
import { useTmSimulator } from '../testing/use-tm-simulator.ts';
import type { TmSpendReport } from './money-safety.ts';
import type { TmClient } from './tm-client.ts';
import { TmError, TmUnconfirmedError } from './tm-errors.ts';
import type { TmTransport } from './tm-requester.ts';

/**
 * Calls that spend money (buy, set-order, ProcessOrder, money-send) under every failure that leaves the
 * client without a clear answer: a 5xx, an answer slower than the timeout, a dropped connection; each
 * BEFORE tm changed its state (the call must be sent once more) and AFTER (it must not). In every case:
 * at most one effect in the simulator, and the result says what happened.
 */

vi.setConfig({ maxConcurrency: 12 });

/**
 * The timeout of the one request whose answer never comes. Every other call keeps the client's own
 * timeouts (10 s and more), so a loaded machine slows these tests down but never changes their outcome.
 */
const LOST_ANSWER_TIMEOUT_MS = 200;
const catalogue = loadCatalogue();

const bed = useTmSimulator({
  check: (stats) => {
    expect(stats.rateLimitViolations).toBe(0);
    expect(stats.duplicateEffects).toBe(0);
  },
});

/** A server that takes requests and never answers: the stand-in for a tm that is slower than the timeout. */
let silent: TestServer;
beforeAll(async () => {
  silent = await startTestServer(() => undefined);
});
afterAll(() => silent.close());

/**
 * How the first attempt fails: a fault the simulator plays, or `no answer` (an answer slower than the
 * client's timeout, see `answerNeverComes`).
 */
const FAULTS: Record<string, Omit<FaultSpec, 'match' | 'phase'> | 'no answer'> = {
  '503': { kind: 'status', status: 503 },
  'slow answer': 'no answer',
  'dropped connection': { kind: 'drop' },
};

/**
 * An answer slower than the timeout, in a fixed order rather than a race with the clock. The first request
 * of the spending call goes to the silent server, so its timeout always fires; it reaches tm before that
 * (phase after: tm acts, its answer is lost) or only once the client has settled (phase before: the late
 * landing, which must not act a second time).
 */
function answerNeverComes(http: HttpClient, call: string, phase: 'before' | 'after') {
  let first: HttpRequest | null = null;
  const transport: TmTransport = {
    async request(request) {
      if (first !== null || request.callName !== call) return http.request(request);
      first = request;
      if (phase === 'after') await http.request(request);
      const path = new URL(request.url).pathname;
      return http.request({ ...request, url: `${silent.origin}${path}`, timeoutMs: LOST_ANSWER_TIMEOUT_MS });
    },
  };
  return {
    transport,
    /** Phase before: the first request reaches tm now; tm's answer (whatever it is) goes nowhere. */
    async landLate() {
      if (phase === 'before' && first !== null) await http.request(first).catch(() => undefined);
    },
  };
}

interface Scenario {
  /** Path substring the fault matches. */
  path: string;
  /** Stats name of the call. */
  method: string;
  /** Sets the accounts up and returns the spending call and the check of the simulator's state. */
  prepare(index: number): Promise<{
    key: string;
    run(tm: TmClient): Promise<TmSpendReport>;
    verify(tm: TmClient): Promise<void>;
  }>;
}

const SCENARIOS: Record<string, Scenario> = {
  buy: {
    path: '/api/v2/buy?',
    method: 'buy',
    async prepare(index) {
      const name = catalogue.items[200 + index]!.marketHashName;
      const buyer = await bed.sim.createAccount({ money: 100_000 });
      const customId = `buy-${index}`;
      return {
        key: buyer.key,
        run: async (tm) => {
          const result = await tm.buying.buy({ hashName: name, price: '5000', customId });
          expect(result.customId).toBe(customId);
          expect(result.purchaseId).toMatch(/^\d+$/);
          return result;
        },
        async verify() {
          const state = await bed.sim.accountState<{ purchases: { custom_id: string }[] }>(buyer.key);
          expect(state.purchases.map((purchase) => purchase.custom_id)).toEqual([customId]);
          const byCustomId = (await bed.sim.keyStats(buyer.key)).buys.byCustomId[customId];
          expect(byCustomId?.effects).toBe(1);
        },
      };
    },
  },
  'set-order': {
    path: '/api/v2/set-order?',
    method: 'set-order',
    async prepare(index) {
      const name = catalogue.items[260 + index]!.marketHashName;
      const account = await bed.sim.createAccount({ money: 100 });
      return {
        key: account.key,
        run: async (tm) => {
          const result = await tm.orders.setOrder({ marketHashName: name, price: '7', count: 2 });
          expect(result.order).toMatchObject({ marketHashName: name, price: '7.00', count: 2 });
          return result;
        },
        async verify() {
          const state = await bed.sim.accountState<{ orders: { market_hash_name: string; price: number }[] }>(
            account.key,
          );
          expect(state.orders.map((order) => [order.market_hash_name, order.price])).toEqual([[name, 700]]);
        },
      };
    },
  },
  ProcessOrder: {
    path: '/api/ProcessOrder/',
    method: 'ProcessOrder',
    async prepare(index) {
      const item = catalogue.items[320 + index]!;
      const account = await bed.sim.createAccount({ money: 100 });
      return {
        key: account.key,
        run: async (tm) => {
          const result = await tm.legacy.processOrder({
            classid: item.classid,
            instanceid: item.instanceid,
            price: '1.5',
            // Every other scenario leaves the name out: the check looks it up with MassInfo.
            ...(index % 2 === 0 ? { marketHashName: item.marketHashName } : {}),
          });
          expect(['insert', 'order']).toContain(result.way);
          return result;
        },
        async verify() {
          const state = await bed.sim.accountState<{ orders: { market_hash_name: string; price: number }[] }>(
            account.key,
          );
          expect(state.orders.map((order) => [order.market_hash_name, order.price])).toEqual([
            [item.marketHashName, 150],
          ]);
        },
      };
    },
  },
  'money-send': {
    path: '/api/v2/money-send/',
    method: 'money-send',
    async prepare(index) {
      const sender = await bed.sim.createAccount({ money: 5000, payPassword: 'pay' });
      const receiver = await bed.sim.createAccount();
      const customId = `send-${index}`;
      return {
        key: sender.key,
        run: async (tm) => {
          const result = await tm.transfers.send({
            amount: '1000',
            toApiKey: receiver.key,
            payPassword: 'pay',
            customId,
          });
          expect(result).toMatchObject({ customId, amount: '1000.00', currency: 'RUB' });
          return result;
        },
        async verify() {
          expect((await bed.sim.accountState<{ moneyMinor: number }>(sender.key)).moneyMinor).toBe(400_000);
          expect((await bed.sim.accountState<{ moneyMinor: number }>(receiver.key)).moneyMinor).toBe(100_000);
          expect((await bed.sim.keyStats(sender.key)).moneySends.byCustomId[customId]?.effects).toBe(1);
        },
      };
    },
  },
};

function clientFor(key: string, http: TmTransport = bed.http) {
  const logger = recordingLogger();
  const tm = simulatorClient(bed.sim, http, { apiKey: key, logger });
  return { tm, logger };
}

let scenarioIndex = 0;

describe.concurrent('money safety under faults', () => {
  for (const [operation, scenario] of Object.entries(SCENARIOS)) {
    for (const [faultName, fault] of Object.entries(FAULTS)) {
      for (const phase of ['before', 'after'] as const) {
        const index = scenarioIndex++;
        test(`${operation}: ${faultName} ${phase} the state change`, async ({ expect }) => {
          const { key, run, verify } = await scenario.prepare(index);
          const lost =
            fault === 'no answer' ? answerNeverComes(bed.http, `tm.${scenario.method}`, phase) : null;
          if (fault !== 'no answer') {
            await bed.sim.addFault({ match: { key, path: scenario.path }, ...fault, phase, count: 1 });
          }
          const { tm, logger } = clientFor(key, lost?.transport);

          const result = await run(tm);

          expect(result.outcome).toBe(phase === 'before' ? 'retried' : 'confirmed');
          expect(result.attempts).toBe(phase === 'before' ? 2 : 1);
          expect(result.firstFailure).toMatch(fault === 'no answer' ? /ERR_TIMEOUT/ : /ERR_NETWORK|503/);
          expect(logger.messages.length).toBe(phase === 'before' ? 1 : 0);
          // A slow first attempt still reaches tm's handler later: it lands before the effects are counted.
          await lost?.landLate();
          await verify(tm);
          // No transport retry of the spending call: one attempt, plus ours when it did not happen.
          expect((await bed.sim.keyStats(key)).byMethod[scenario.method]).toBe(phase === 'before' ? 2 : 1);
        });
      }
    }
  }

  test('a refusal is final: no check, no second try', async ({ expect }) => {
    const buyer = await bed.sim.createAccount({ money: 10 });
    const { tm } = clientFor(buyer.key);
    const error = await tm.buying
      .buy({ hashName: catalogue.items[400]!.marketHashName, price: '0.01' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(TmError);
    expect((error as TmError).code).toBe('price_too_low');
    const stats = await bed.sim.keyStats(buyer.key);
    expect(stats.byMethod).toEqual({ buy: 1 });
  });

  test('two failed attempts that tm does not show: TmUnconfirmedError with the custom_id, nothing bought', async ({
    expect,
  }) => {
    const buyer = await bed.sim.createAccount({ money: 100_000 });
    await bed.sim.addFault({ match: { key: buyer.key, path: '/api/v2/buy?' }, kind: 'drop', count: 2 });
    const { tm } = clientFor(buyer.key);
    const error = await tm.buying
      .buy({ hashName: catalogue.items[401]!.marketHashName, price: '5000', customId: 'lost-twice' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(TmUnconfirmedError);
    expect(error).toMatchObject({ customId: 'lost-twice', call: 'tm.buy' });
    const stats = await bed.sim.keyStats(buyer.key);
    expect(stats.byMethod).toEqual({ buy: 2, 'get-buy-info-by-custom-id': 2 });
    expect(stats.buys.purchases).toBe(0);
  });

  test('a check that fails too: TmUnconfirmedError, and no second try', async ({ expect }) => {
    const account = await bed.sim.createAccount({ money: 100 });
    const name = catalogue.items[402]!.marketHashName;
    await bed.sim.addFault({
      match: { key: account.key, path: '/api/v2/set-order?' },
      kind: 'status',
      status: 502,
      count: 1,
    });
    await bed.sim.addFault({
      match: { key: account.key, path: '/api/v2/get-orders' },
      kind: 'html',
      status: 502,
      count: 2,
    });
    const { tm } = clientFor(account.key);
    const error = await tm.orders.setOrder({ marketHashName: name, price: '3', count: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(TmUnconfirmedError);
    expect((error as Error).message).toMatch(/the check after the first attempt failed too/);
    expect((await bed.sim.keyStats(account.key)).byMethod).toEqual({ 'set-order': 1, 'get-orders': 2 });
  });

  test('ProcessOrder that bought at once, then lost its answer: confirmed from operation-history', async ({
    expect,
  }) => {
    const item = catalogue.items[403]!;
    const account = await bed.sim.createAccount({ money: 100_000 });
    await bed.sim.addFault({
      match: { key: account.key, path: '/api/ProcessOrder/' },
      kind: 'drop',
      phase: 'after',
      count: 1,
    });
    const { tm } = clientFor(account.key);
    const result = await tm.legacy.processOrder({
      classid: item.classid,
      instanceid: item.instanceid,
      price: '5000',
      marketHashName: item.marketHashName,
    });
    expect(result).toMatchObject({ way: 'buy', outcome: 'confirmed', attempts: 1 });
    const state = await bed.sim.accountState<{ purchases: { id: string }[]; orders: unknown[] }>(account.key);
    expect(state.purchases.map((purchase) => purchase.id)).toEqual([result.purchaseId]);
    expect(state.orders).toEqual([]);
  });
});
