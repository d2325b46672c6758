import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadCatalogue } from '../../data/catalogue.ts';
import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const NAME = 'AK-47 | Redline (Field-Tested)';
const item = loadCatalogue().byHashName(NAME);
const classInstance = `${item?.classid}_${item?.instanceid}`;

describe('public files (no key)', () => {
  it('prices/{CUR}.json: items with decimal-string prices in major units', async () => {
    const rub = await h.request<{
      currency: string;
      time: number;
      items: { market_hash_name: string; price: string }[];
    }>('GET', h.url('/api/v2/prices/RUB.json'));
    expect(rub.status).toBe(200);
    expect(rub.body).toMatchObject({ success: true, currency: 'RUB', time: expect.any(Number) });
    const redline = rub.body.items.find((entry) => entry.market_hash_name === NAME);
    expect(redline?.price).toMatch(/^\d+\.\d{2}$/);
    const usd = await h.request<{ items: { price: string }[] }>('GET', h.url('/api/v2/prices/USD.json'));
    expect(usd.body.items[0]?.price).toMatch(/^\d+\.\d{2,3}$/);
    expect((await h.request('GET', h.url('/api/v2/prices/XYZ.json'))).status).toBe(404);
  });

  it('class_instance: keyed classid_instanceid, string prices and buy_order; follows our listings', async () => {
    const { key } = await h.account({ online: true });
    await h.list(key, 100);
    const list = await h.request<{
      items: Record<string, { price: string; buy_order: string; market_hash_name: string }>;
    }>('GET', h.url('/api/v2/prices/class_instance/RUB.json'));
    expect(list.body.items[classInstance]).toMatchObject({
      price: '1.00',
      buy_order: expect.stringMatching(/^\d+\.\d{2}$/),
      market_hash_name: NAME,
      ru_name: 'AK-47 | Redline (После полевых испытаний)',
    });
    const orders = await h.request<{ items: { market_hash_name: string; price: string }[] }>(
      'GET',
      h.url('/api/v2/prices/orders/RUB.json'),
    );
    expect(orders.body.items.find((entry) => entry.market_hash_name === NAME)?.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('itemdb: current_730.json names a semicolon CSV with c_* columns and kopeck prices', async () => {
    const index = await h.request<{ time: number; db: string }>('GET', h.url('/itemdb/current_730.json'));
    expect(index.body).toEqual({ time: expect.any(Number), db: expect.stringMatching(/^730_\d+\.csv$/) });
    const csv = await h.request('GET', h.url(`/itemdb/${index.body.db}`));
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'c_classid;c_instanceid;c_price;c_offers;c_popularity;c_rarity;c_quality;c_stickers;c_market_name;c_market_name_en;c_name_color;c_heroid',
    );
    const row = lines.find((line) => line.includes(`;${NAME};`))?.split(';');
    expect(row?.[0]).toBe(item?.classid);
    expect(row?.[2]).toMatch(/^\d+$/);
    expect((await h.request('GET', h.url('/itemdb/other.csv'))).status).toBe(404);
  });

  it('full-export: an index naming chunks of positional rows in trading units', async () => {
    const index = await h.request<{ format: string[]; items: string[]; currency: string }>(
      'GET',
      h.url('/api/full-export/USD.json'),
    );
    expect(index.body.format.slice(0, 3)).toEqual(['price', 'id', 'market_hash_name']);
    expect(index.body.currency).toBe('USD');
    const chunk = await h.request<unknown[][]>('GET', h.url(`/api/full-export/${index.body.items[0]}`));
    expect(chunk.status).toBe(200);
    expect(chunk.body[0]).toEqual([
      expect.any(Number),
      expect.any(Number),
      expect.any(String),
      ...Array(14).fill(expect.anything()),
    ]);
    expect(Number.isInteger(chunk.body[0]?.[0])).toBe(true);
  });
});

describe('legacy v1 calls', () => {
  it('MassInfo: POST form list=cid_iid,... with levels; refuses more than 100 ids', async () => {
    const { key } = await h.account();
    const reply = await h.postForm<{ results: Record<string, unknown>[] }>(
      '/api/MassInfo/1/1/1/2',
      { key },
      `list=${classInstance},0_0`,
    );
    expect(reply.body.results).toHaveLength(1);
    expect(reply.body.results[0]).toMatchObject({
      classid: item?.classid,
      instanceid: item?.instanceid,
      sell_offers: { best_offer: expect.any(Number), offers: expect.any(Array) },
      buy_offers: { best_offer: expect.any(Number), offers: expect.any(Array) },
      history: { average: expect.any(Number), history: expect.any(Array) },
      info: { market_hash_name: NAME, hash: expect.any(String) },
    });
    const lean = await h.postForm<{ results: Record<string, unknown>[] }>(
      '/api/MassInfo/2/0/0/0',
      { key },
      `list=${classInstance}`,
    );
    expect(Object.keys(lean.body.results[0] ?? {}).sort()).toEqual(['classid', 'instanceid', 'sell_offers']);
    const many = Array.from({ length: 101 }, () => classInstance).join(',');
    expect((await h.postForm('/api/MassInfo/1/1/1/1', { key }, `list=${many}`)).body).toEqual({
      success: false,
      error: 'bad_input',
    });
    expect((await h.postForm('/api/MassInfo/3/1/1/1', { key }, `list=${classInstance}`)).body).toMatchObject({
      error: 'bad_input',
    });
  });

  it('GetInv, RemoveAll, GetStickers (lang default ru)', async () => {
    const { key } = await h.account({ names: [NAME, NAME] });
    const inv = await h.request<{ data: Record<string, unknown>[] }>('GET', h.url('/api/GetInv/', { key }));
    expect(inv.body.data).toHaveLength(2);
    expect(inv.body.data[0]).toMatchObject({
      ui_status: '1',
      i_market_hash_name: NAME,
      i_market_price: expect.any(Number),
    });
    await h.list(key, 1000);
    expect((await h.request('GET', h.url('/api/RemoveAll/', { key }))).body).toEqual({
      success: true,
      num: 1,
    });
    const ru = await h.request<{ data: { name: string }[] }>('GET', h.url('/api/GetStickers/', { key }));
    expect(ru.body.data[0]?.name).toMatch(/^Наклейка/);
    const en = await h.request<{ data: { name: string }[] }>(
      'GET',
      h.url('/api/GetStickers/', { key, lang: 'en' }),
    );
    expect(en.body.data[0]?.name).toMatch(/^Sticker/);
  });
});
