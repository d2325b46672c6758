import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { HttpClient, QueryValue } from '@toydesk/http';

import { shapeDifferences } from '@toydesk/http/testing/wire-shape';
import { createTmTestHttp } from '../testing/tm-test-client.ts';
import { startTmSimulator, type SimAccount, type TmSimHarness } from '../testing/tm-simulator.ts';

/**
 * The tm simulator answers with every field of tm's recorded answers (`fixtures/`, sources in
 * `fixtures/SOURCES.md`), in the same JSON types: a client that reads the simulator reads tm.
 */

const REDLINE = 'AK-47 | Redline (Field-Tested)';
let sim: TmSimHarness;
let http: HttpClient;
let account: SimAccount;

function recorded(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** One keyed call of the simulator, raw, paced by the test transport's limiter (tm's 5 per second). */
async function raw(method: string, query: Record<string, QueryValue> = {}): Promise<Record<string, unknown>> {
  const response = await http.request({
    method: 'GET',
    url: `${sim.baseUrl()}/api/v2/${method}`,
    query: { ...query, key: account.key },
    rateLimitKey: `shapes:${account.key}`,
  });
  return response.json();
}

beforeAll(async () => {
  sim = await startTmSimulator();
  http = createTmTestHttp();
  account = await sim.createAccount({ money: 100_000, names: [REDLINE] });
});

afterAll(async () => {
  await http.close();
  await sim.close();
});

describe('the tm simulator answers in the recorded answers’ fields and types', () => {
  test('get-money (money_settlement)', async () => {
    expect(shapeDifferences(recorded('get-money.json'), await raw('get-money'))).toEqual([]);
  });

  test('my-inventory, add-to-sale, set-price, items (real_instance, settlement, status string)', async () => {
    const inventory = await raw('my-inventory');
    expect(shapeDifferences(recorded('my-inventory.json'), inventory)).toEqual([]);
    const listed = await raw('add-to-sale', { id: account.items[0]!.assetid, price: 500_000, cur: 'RUB' });
    expect(shapeDifferences(recorded('add-to-sale.json'), listed)).toEqual([]);
    const repriced = await raw('set-price', { item_id: String(listed.item_id), price: 400_000, cur: 'RUB' });
    expect(shapeDifferences(recorded('set-price.json'), repriced)).toEqual([]);
    expect(shapeDifferences(recorded('items.json'), await raw('items'))).toEqual([]);
    expect(
      shapeDifferences(recorded('remove-all-from-sale.json'), await raw('remove-all-from-sale')),
    ).toEqual([]);
  });

  test('get-buy-info-by-custom-id (settlement) after a buy', async () => {
    await raw('buy', { hash_name: REDLINE, price: 5_000_000, cur: 'RUB', custom_id: 'shapes-1' });
    const info = await raw('get-buy-info-by-custom-id', { custom_id: 'shapes-1' });
    expect(shapeDifferences(recorded('get-buy-info-by-custom-id.json'), info)).toEqual([]);
  });

  test('get-list-items-info (major units per name)', async () => {
    const real = recorded('get-list-items-info.json') as { data: Record<string, unknown> };
    const ours = (await raw('get-list-items-info', { 'list_hash_name[]': [REDLINE] })) as {
      data: Record<string, unknown>;
    };
    // `data` is keyed by name: compare one name's entry with the recorded one's.
    const shape = (answer: { data: Record<string, unknown> }, name: string) => ({
      ...answer,
      data: { name: answer.data[name] },
    });
    expect(shapeDifferences(shape(real, '2020 RMR Challengers'), shape(ours, REDLINE))).toEqual([]);
  });

  test('refusals: Bad KEY, bad_item, nothing owed (the recorded bodies exactly)', async () => {
    const badKey = await http.request({
      method: 'GET',
      url: `${sim.baseUrl()}/api/v2/get-money`,
      query: { key: 'not-a-key-of-the-simulator' },
    });
    expect(badKey.json()).toEqual(recorded('bad-key.json'));
    expect(await raw('set-price', { item_id: '1', price: 100, cur: 'RUB' })).toEqual(
      recorded('set-price-bad-item.json'),
    );
    expect(await raw('trade-request-give-p2p-all')).toEqual(
      recorded('trade-request-give-p2p-all-nothing.json'),
    );
  });
});
