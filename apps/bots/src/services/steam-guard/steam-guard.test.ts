import type {
  BotConfirmationAnswer,
  BotJob,
  BotSteamConfirmation,
  BotSteamGuardCode,
} from '@toydesk/contract';
import { steamGuardCodeAt } from '@toydesk/steam';
import { describe, expect, it } from 'vitest';

import { RELAXED_STEAM_LOGIN, storeGuardedSteamAccount } from '../../testing/steam-sim-accounts.ts';
import { useSimApp } from '../../testing/use-sim-app.ts';

/** Steam Guard (issue 12, item 3): the code from the vault's secret, and confirmations answered on the simulated Steam. */
describe('Steam Guard routes on the simulated Steam', () => {
  const bed = useSimApp({ steam: RELAXED_STEAM_LOGIN });
  let counter = 0;

  /** An account on the simulated Steam with its authenticator, stored as the vault would hold a maFile's. */
  async function guarded() {
    counter += 1;
    const created = await bed.steam.createAccount({ accountName: `guard${process.pid}x${counter}` });
    const id = await storeGuardedSteamAccount(bed.app.runtime, created);
    return { created, id };
  }

  async function list(id: number) {
    const response = await bed.app.request<BotJob>('GET', `/api-node/steam/${id}/confirmations/`, {
      query: { wait: '60' },
    });
    expect(response.status, response.text).toBe(200);
    return (response.body.result as { confirmations: BotSteamConfirmation[] }).confirmations;
  }

  async function answer(id: number, action: 'accept' | 'decline', ids: string[]) {
    const response = await bed.app.request<BotJob>('POST', `/api-node/steam/${id}/confirmations/${action}/`, {
      query: { wait: '60' },
      body: { confirmation_ids: ids },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.result as BotConfirmationAnswer;
  }

  it('answers the current code computed from the vault, never the secret; 400 without one, 404 for no account', async () => {
    const { created, id } = await guarded();
    const before = Math.floor(Date.now() / 1000);
    const response = await bed.app.request<BotSteamGuardCode>('GET', `/api-node/steam/${id}/guard-code/`);
    const after = Math.floor(Date.now() / 1000);
    expect(response.status, response.text).toBe(200);
    expect([
      steamGuardCodeAt(created.sharedSecret!, before),
      steamGuardCodeAt(created.sharedSecret!, after),
    ]).toContain(response.body.code);
    expect(response.body.code).toMatch(/^[23456789BCDFGHJKMNPQRTVWXY]{5}$/);
    expect(response.body.valid_for_seconds).toBeGreaterThanOrEqual(1);
    expect(response.body.valid_for_seconds).toBeLessThanOrEqual(30);
    expect(response.text).not.toContain(created.sharedSecret!);

    expect((await bed.app.request('GET', `/api-node/steam/${id}/guard-code/`, { token: null })).status).toBe(
      401,
    );
    expect(
      (await bed.app.request('GET', `/api-node/steam/${id}/guard-code/`, { token: 'wrong' })).status,
    ).toBe(403);

    const [bare] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password) VALUES ($1, $1, $2) RETURNING id`,
      [`bare${process.pid}`, bed.app.runtime.vault.encrypt('pw')],
    );
    const none = await bed.app.request<{ detail: string; code: string }>(
      'GET',
      `/api-node/steam/${bare!.id}/guard-code/`,
    );
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: 'no_shared_secret',
      detail: expect.stringMatching(/shared_secret/),
    });
    const noIdentity = await bed.app.request<{ code: string }>(
      'GET',
      `/api-node/steam/${bare!.id}/confirmations/`,
    );
    expect(noIdentity.status).toBe(400);
    expect(noIdentity.body.code).toBe('no_identity_secret');
    expect((await bed.app.request('GET', '/api-node/steam/99999999/guard-code/')).status).toBe(404);
    expect((await bed.app.request('GET', '/api-node/steam/abc/guard-code/')).status).toBe(404);
  });

  it('lists pending trades and listings, accepts and declines one by one and in bulk; Steam really changes', async () => {
    const { created, id } = await guarded();
    await bed.steam.seedPendingConfirmations(created.accountName, { trades: 3, listings: 2 });

    const pending = await list(id);
    expect(pending).toHaveLength(5);
    const trades = pending.filter((entry) => entry.kind === 'trade');
    const listings = pending.filter((entry) => entry.kind === 'market_listing');
    expect(trades).toHaveLength(3);
    expect(listings).toHaveLength(2);
    for (const trade of trades) {
      expect(trade.trade).toMatchObject({ partner_steam_id: expect.stringMatching(/^\d{17}$/), receive: [] });
      expect(trade.trade?.give).toHaveLength(1);
      expect(trade.title).toMatch(/Trade with/);
    }
    expect(listings[0]!.title).toMatch(/^.*Sell - /);
    expect(typeof pending[0]!.id).toBe('string');

    // one by one
    const accepted = await answer(id, 'accept', [trades[0]!.id]);
    expect(accepted).toMatchObject({
      accept: true,
      results: [{ id: trades[0]!.id, object_id: trades[0]!.object_id, status: 'done', error: null }],
    });
    const declined = await answer(id, 'decline', [trades[1]!.id]);
    expect(declined.results).toMatchObject([{ status: 'done' }]);
    const { offers } = await bed.steam.offers(created.accountName);
    const stateOf = (offerId: string) =>
      offers.find((offer) => offer.tradeofferid === offerId)?.trade_offer_state;
    expect(stateOf(trades[0]!.object_id)).toBe(2); // Active: sent to the partner
    expect(stateOf(trades[1]!.object_id)).toBe(10); // CanceledBySecondFactor

    // in bulk, with one id already answered and one unknown: each id has its own line
    const bulk = await answer(id, 'decline', [
      listings[0]!.id,
      listings[1]!.id,
      trades[2]!.id,
      trades[0]!.id,
      '987654321987654321',
    ]);
    expect(bulk.results.map((line) => line.status)).toEqual([
      'done',
      'done',
      'done',
      'not_found',
      'not_found',
    ]);
    expect((await bed.steam.confirmations(created.accountName)).confirmations).toEqual([]);
    expect(await list(id)).toEqual([]);

    // each answer that did something is in the audit log, per id, as the bot's call on the account
    const audited = await bed.app.db.query<{
      operator: string;
      action: string;
      after: { steam_guard: string; results: { status: string }[] };
    }>(
      `SELECT operator, action, after FROM audit_entry WHERE entity = 'steam_account' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(
      audited.map((entry) => [entry.action, entry.after.steam_guard, entry.after.results.length]),
    ).toEqual([
      ['call', 'accept_confirmations', 1],
      ['call', 'decline_confirmations', 1],
      ['call', 'decline_confirmations', 5],
    ]);

    // nothing of the authenticator in the jobs' params, results or logs
    const jobs = await bed.app.request('GET', '/api-node/jobs/', {
      query: { account: String(id), page_size: '100' },
    });
    expect(jobs.text).not.toContain(created.identitySecret!);
    expect(jobs.text).not.toContain(created.sharedSecret!);
    for (const job of (jobs.body as { results: BotJob[] }).results) {
      const one = await bed.app.request('GET', `/api-node/jobs/${job.id}/`);
      expect(one.text).not.toContain(created.identitySecret!);
      expect(one.text).not.toContain(created.sharedSecret!);
    }
  });

  it('refuses bad ids with 400 (numbers, non-digits, none, duplicates, too many) and needs the token', async () => {
    const { id } = await guarded();
    const bodies: unknown[] = [
      { confirmation_ids: [123] },
      { confirmation_ids: ['12a'] },
      { confirmation_ids: [] },
      { confirmation_ids: ['1', '1'] },
      { confirmation_ids: Array.from({ length: 101 }, (_, index) => String(index + 1)) },
      {},
    ];
    for (const action of ['accept', 'decline']) {
      for (const body of bodies) {
        const response = await bed.app.request('POST', `/api-node/steam/${id}/confirmations/${action}/`, {
          body,
        });
        expect(response.status, `${action} ${JSON.stringify(body)}: ${response.text}`).toBe(400);
      }
      const none = await bed.app.request('POST', `/api-node/steam/${id}/confirmations/${action}/`, {
        token: null,
        body: { confirmation_ids: ['1'] },
      });
      expect(none.status).toBe(401);
    }
    expect(
      (await bed.app.request('GET', `/api-node/steam/${id}/confirmations/`, { token: null })).status,
    ).toBe(401);
  });
});
