import { generateKeyPairSync, randomUUID } from 'node:crypto';

import {
  MANUAL_LISTING_MARKETS,
  MARKET_CODES,
  type BotJob,
  type BotListItemsResult,
  type MarketCode,
} from '@toydesk/contract';

import { describe, expect, it } from 'vitest';

import { seedMarketAccount, seedSteamAccount } from '../../../testing/seed-trading.ts';
import type { SimItem } from '../../../testing/market-sim.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { marketFor } from '../../market-accounts.ts';

type Stats = { keys: Record<string, { byMethod: Record<string, number> }> };
type Item = { asset_id: string; price: string; currency: string };

describe('bot-trading.list-items against the tm simulator', () => {
  const bed = useSimApp({ names: 40 });

  /**
   * A tm RUB account whose Steam account holds `bands.length` items, in the simulator and in steam_inventory,
   * each with a market toy of band [price_buy, price_sell] (null: no market toy).
   */
  async function account(
    bands: ([string | null, string] | null)[],
    options: { dryRun?: boolean; addToSaleError?: string; inventoryLoaded?: boolean } = {},
  ) {
    const itemNames = bands.map(() => bed.freshName());
    const created = await bed.sim.control<{ key: string; items: SimItem[] }>('tm', 'POST', 'accounts', {
      currency: 'RUB',
      money: 1000,
      online: true,
      inventoryLoaded: options.inventoryLoaded ?? true,
    });
    const { items } = await bed.sim.control<{ items: SimItem[] }>(
      'tm',
      'POST',
      `accounts/${created.key}/items`,
      {
        names: itemNames,
        ...(options.addToSaleError ? { addToSaleError: options.addToSaleError, errorTimes: 5 } : {}),
      },
    );
    const steamAccount = await seedSteamAccount(bed.app.runtime, `list-items-${randomUUID().slice(0, 8)}`);
    const id = await seedMarketAccount(bed.app.runtime, {
      key: created.key,
      steamAccount,
      dryRun: options.dryRun,
    });
    for (const [index, item] of items.entries()) {
      await bed.app.db.query(
        `INSERT INTO steam_inventory (steam_account, asset_id, market_hash_name) VALUES ($1, $2, $3)`,
        [steamAccount, item.assetid, item.market_hash_name],
      );
      const band = bands[index];
      if (!band) continue;
      const [toy] = await bed.app.db.query<{ id: number }>(
        `INSERT INTO toy (market_hash_name) VALUES ($1) RETURNING id`,
        [item.market_hash_name],
      );
      await bed.app.db.query(
        `INSERT INTO market_toy (toy, market, price_buy, price_sell) VALUES ($1, 'tm', $2, $3)`,
        [toy!.id, band[0], band[1]],
      );
    }
    return { id, key: created.key, assets: items.map((item) => item.assetid) };
  }

  async function listings(key: string) {
    const answer = await bed.sim.v2<{ items: { item_id: string; assetid: string; price: number }[] | null }>(
      'tm',
      'items',
      { key },
    );
    return answer.items ?? [];
  }

  async function addToSaleCalls(key: string): Promise<number> {
    const stats = await bed.sim.control<Stats>('tm', 'GET', 'stats');
    return stats.keys[key]?.byMethod['add-to-sale'] ?? 0;
  }

  async function post(id: number, body: unknown) {
    return bed.app.request<BotJob>('POST', `/api-node/trading/${id}/list-items/`, { body });
  }

  async function run(id: number, items: Item[], extra: Record<string, unknown> = {}) {
    const started = await post(id, { items, ...extra });
    expect(started.status, started.text).toBe(202);
    expect(started.body.kind).toBe('trading.list-items');
    const job = (await bed.app.runtime.queue.waitFor(started.body.id, 30_000))!;
    expect(job.state, JSON.stringify(job)).toBe('done');
    return { job, result: job.result as BotListItemsResult };
  }

  const rub = (asset_id: string, price: string): Item => ({ asset_id, price, currency: 'RUB' });

  it('lists items at the asked price or clamped to price_sell, refuses below price_buy, and sell_item follows', async () => {
    const { id, key, assets } = await account([['50', '100'], ['50', '100'], ['50', '100'], null]);
    const [a, b, c, d] = assets as [string, string, string, string];
    const { result } = await run(id, [rub(a, '80'), rub(b, '150'), rub(c, '20'), rub(d, '33.30')]);
    expect(result).toMatchObject({ market_account: id, dry_run: false, listed: 3, refused: 1 });
    expect(
      result.items.map((item) => [item.asset_id, item.status, item.price, item.clamped, item.reason]),
    ).toEqual([
      [a, 'listed', '80.00', false, null],
      [b, 'listed', '100.00', true, null],
      [c, 'refused', '20.00', false, 'below-buy'],
      [d, 'listed', '33.30', false, null],
    ]);
    const onMarket = new Map((await listings(key)).map((listing) => [listing.assetid, listing]));
    expect(onMarket.get(a)?.price).toBe(80);
    expect(onMarket.get(b)?.price).toBe(100);
    expect(onMarket.has(c)).toBe(false);
    for (const item of result.items.filter((entry) => entry.status === 'listed')) {
      expect(item.item_id).toBe(String(onMarket.get(item.asset_id)!.item_id));
    }
    const rows = await bed.app.db.query<{ asset_id: string; price: string; status: string }>(
      `SELECT asset_id, price::text AS price, status FROM sell_item WHERE market_account = $1 ORDER BY sell_item.price`,
      [id],
    );
    expect(rows).toEqual([
      { asset_id: d, price: '33.30', status: 'on_sale' },
      { asset_id: a, price: '80.00', status: 'on_sale' },
      { asset_id: b, price: '100.00', status: 'on_sale' },
    ]);

    // Below price_buy with the operator's explicit override.
    const override = await run(id, [rub(c, '20')], { allow_below_buy: true });
    expect(override.result.items[0]).toMatchObject({ status: 'listed', price: '20.00' });
  });

  it('reports the market’s refusal per item and lists the others', async () => {
    const refusing = await account([['1', '100']], { addToSaleError: 'item_not_inserted' });
    const { result } = await run(refusing.id, [rub(refusing.assets[0]!, '10')]);
    expect(result).toMatchObject({ listed: 0, refused: 1 });
    expect(result.items[0]).toMatchObject({ status: 'refused', reason: 'item_not_inserted', item_id: null });
    expect(await listings(refusing.key)).toEqual([]);

    // An asset of another Steam account is not listed.
    const other = await account([['1', '100']]);
    const foreign = await run(other.id, [rub(refusing.assets[0]!, '10'), rub(other.assets[0]!, '10')]);
    expect(foreign.result.items.map((item) => [item.status, item.reason])).toEqual([
      ['refused', 'not-in-inventory'],
      ['listed', null],
    ]);
  });

  it('never lists an asset twice: the same listing key answers with its job, a retried attempt checks the market', async () => {
    const { id, key, assets } = await account([
      ['1', '100'],
      ['1', '100'],
    ]);
    const [a, b] = assets as [string, string];
    const listingKey = randomUUID();
    const first = await post(id, { items: [rub(a, '10')], listing_key: listingKey });
    const second = await post(id, { items: [rub(a, '10')], listing_key: listingKey });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.id).toBe(first.body.id);
    expect((await bed.app.runtime.queue.waitFor(first.body.id, 30_000))?.state).toBe('done');
    expect(await addToSaleCalls(key)).toBe(1);

    // An attempt that was killed after tm listed b: its marker is started, its lease ran out.
    const retryKey = randomUUID();
    const direct = await bed.sim.v2<{ item_id: number }>('tm', 'add-to-sale', {
      key,
      id: b,
      price: 1500,
      cur: 'RUB',
    });
    await bed.app.db.query(
      `INSERT INTO bot_once (step_key, state, job_id, owner, lease_until)
       VALUES ($1, 'started', $2::uuid, 'killed#1', now() - interval '1 second')`,
      [`manual-list:${id}:${retryKey}:${b}`, randomUUID()],
    );
    const calls = await addToSaleCalls(key);
    const { result } = await run(id, [rub(b, '15')], { listing_key: retryKey });
    expect(result.items[0]).toMatchObject({ status: 'listed', item_id: String(direct.item_id) });
    expect(await addToSaleCalls(key)).toBe(calls);
    expect((await listings(key)).filter((listing) => listing.assetid === b)).toHaveLength(1);
  });

  it('meets an inventory refusal with update-inventory and the 30 s wait, and lists after it on the next attempt', async () => {
    const { id, key, assets } = await account([['1', '100']], { inventoryLoaded: false });
    const started = await post(id, { items: [rub(assets[0]!, '10')] });
    expect(started.status).toBe(202);
    const job = (await bed.app.runtime.queue.waitFor(started.body.id, 80_000))!;
    expect(job.state, JSON.stringify(job)).toBe('done');
    expect(job.attempts).toBe(2);
    expect((job.result as BotListItemsResult).items[0]).toMatchObject({ status: 'listed' });
    const [wait] = await bed.app.db.query<{ reason: string }>(
      'SELECT reason FROM bot_listing_wait WHERE market_account = $1',
      [id],
    );
    expect(wait?.reason).toBe('inventory_not_loaded');
    expect((await listings(key)).map((listing) => listing.assetid)).toEqual([assets[0]]);
  }, 120_000);

  it('a dry-run account lists nothing and says what it would list', async () => {
    const { id, key, assets } = await account([['1', '100']], { dryRun: true });
    const { result } = await run(id, [rub(assets[0]!, '10')]);
    expect(result).toMatchObject({ dry_run: true, listed: 1, refused: 0 });
    expect(result.items[0]).toMatchObject({ status: 'listed', item_id: null, price: '10.00' });
    expect(await listings(key)).toEqual([]);
    expect(await addToSaleCalls(key)).toBe(0);
  });

  it('answers 400 on bad bodies and unsupported markets, 404 for an unknown account', async () => {
    const { id, assets } = await account([['1', '100']]);
    const asset = assets[0]!;
    for (const body of [
      {},
      { items: [] },
      { items: [{ asset_id: Number(asset), price: '1', currency: 'RUB' }] },
      { items: [{ asset_id: 'abc', price: '1', currency: 'RUB' }] },
      { items: [rub(asset, '0')] },
      { items: [rub(asset, '-1')] },
      { items: [rub(asset, '1.234')] },
      { items: [{ asset_id: asset, price: 1, currency: 'RUB' }] },
      { items: [{ asset_id: asset, price: '1', currency: 'GBP' }] },
      { items: [rub(asset, '1'), rub(asset, '2')] },
      { items: [rub(asset, '1')], listing_key: 'not-a-uuid' },
    ]) {
      const answer = await post(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const wrongCurrency = await bed.app.request<Record<string, unknown>>(
      'POST',
      `/api-node/trading/${id}/list-items/`,
      {
        body: { items: [rub(asset, '1'), { asset_id: asset + '1', price: '1', currency: 'USD' }] },
      },
    );
    expect(wrongCurrency.status).toBe(400);
    expect(wrongCurrency.body).toMatchObject({
      items: { '1': { currency: [expect.stringMatching(/RUB/)] } },
    });

    const skinport = await seedMarketAccount(bed.app.runtime, {
      key: 'k',
      market: 'skinport',
      currency: 'EUR',
    });
    const unsupported = await bed.app.request<Record<string, unknown>>(
      'POST',
      `/api-node/trading/${skinport}/list-items/`,
      { body: { items: [{ asset_id: '1', price: '1', currency: 'EUR' }] } },
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toMatchObject({ code: 'no-listing-call' });
    const unknown = await post(999_999, { items: [rub('1', '1')] });
    expect(unknown.status).toBe(404);
  });

  it('offers exactly the markets whose client can list, Steam aside', () => {
    const canList = MARKET_CODES.filter((market: MarketCode) => {
      // DMarket's key is an Ed25519 key pair, Steam's a cookie string; the others take any string.
      const apiKey =
        market === 'dmarket' ? dmarketKey() : market === 'steam' ? 'sessionid=a; steamLoginSecure=b' : 'a:b';
      const client = marketFor(bed.app.runtime, { id: 1, market, currency: 'USD', apiKey, proxy: null });
      return client.capabilities.has('list_for_sale');
    }).filter((market) => market !== 'steam');
    expect([...MANUAL_LISTING_MARKETS].sort()).toEqual([...canList].sort());
  });
});

/** A DMarket credential: "publicKeyHex:secretKeyHex" (the secret is the seed followed by the public key). */
function dmarketKey(): string {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const pub = Buffer.from(jwk.x!, 'base64url').toString('hex');
  return `${pub}:${Buffer.from(jwk.d!, 'base64url').toString('hex')}${pub}`;
}
