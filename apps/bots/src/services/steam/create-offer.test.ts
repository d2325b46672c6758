import type { BotJob } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { RELAXED_STEAM_LOGIN, storeGuardedSteamAccount } from '../../testing/steam-sim-accounts.ts';
import { useSimApp } from '../../testing/use-sim-app.ts';

/**
 * steam/create-offer must never send two offers for one request: when Steam made the offer but the answer
 * was lost, the retried job finds it among our sent offers instead of sending it again.
 */
describe('Steam create-offer on the simulated Steam', () => {
  const bed = useSimApp({ steam: RELAXED_STEAM_LOGIN });
  let counter = 0;

  async function sender() {
    counter += 1;
    const created = await bed.steam.createAccount({
      twoFactor: true,
      accountName: `offer${process.pid}x${counter}`,
    });
    const { items } = await bed.steam.addItems(created.accountName, { count: 2 });
    const id = await storeGuardedSteamAccount(bed.app.runtime, created);
    return { created, items, id };
  }

  const createOffer = async (id: number, body: Record<string, unknown>) => {
    const response = await bed.app.request<BotJob>('POST', `/api-node/steam/${id}/create-offer`, { body });
    expect(response.status, response.text).toBe(202);
    return (await bed.app.runtime.queue.waitFor(response.body.id, 90_000))!;
  };

  it('a lost answer after Steam made the offer: the retry finds it, one offer in all', async () => {
    const { created, items, id } = await sender();
    const partner = await bed.steam.createAccount({ accountName: `partner${process.pid}x${counter}` });
    const assets = items.map((item) => ({
      app_id: item.appid,
      context_id: item.contextid,
      asset_id: item.assetid,
    }));
    await bed.steam.fault({
      kind: 'status',
      status: 500,
      match: { path: '/community/tradeoffer/new/send' },
      phase: 'after',
      count: 1,
    });

    const job = await createOffer(id, { trade_url: partner.tradeUrl, assets, message: 'deal 1' });
    expect(job.state, JSON.stringify(job.error)).toBe('done');
    expect(job.attempts).toBeGreaterThan(1);
    expect(job.result).toMatchObject({ found_by_check: true, offer_id: expect.any(String) });
    const { offers } = await bed.steam.offers(created.accountName);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.tradeofferid).toBe((job.result as { offer_id: string }).offer_id);
  });

  it('sends and confirms an offer; a link that is not a trade URL is refused without retries', async () => {
    const { created, items, id } = await sender();
    const partner = await bed.steam.createAccount({ accountName: `partner${process.pid}y${counter}` });
    const job = await createOffer(id, {
      trade_url: partner.tradeUrl,
      assets: [{ app_id: items[0]!.appid, context_id: items[0]!.contextid, asset_id: items[0]!.assetid }],
    });
    expect(job.state, JSON.stringify(job.error)).toBe('done');
    expect(job.result).toMatchObject({ confirmed: true });
    expect((await bed.steam.offers(created.accountName)).offers).toHaveLength(1);

    const refused = await createOffer(id, {
      trade_url: 'https://example.com/not-a-trade-url',
      assets: [{ app_id: items[1]!.appid, context_id: items[1]!.contextid, asset_id: items[1]!.assetid }],
    });
    expect(refused.state).toBe('failed');
    expect(refused.attempts).toBe(1);
    expect(refused.error?.message).toMatch(/trade offer link/);
  });
});
