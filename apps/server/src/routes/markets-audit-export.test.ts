import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvLine } from '@toydesk/api-kit';

import { writeAudit } from '@toydesk/db';
import { makeFixtures, unique, type Fixtures } from '../testing/fixtures.ts';
import { useTestApp } from '../testing/use-test-app.ts';

// The bot services are not needed here (and another area may be adding bot routes meanwhile).
const t = useTestApp({ TOYDESK_BOTS_EMBEDDED: '0' });
let f: Fixtures;

beforeAll(async () => {
  f = await makeFixtures(t.client);
});

interface Market {
  id: number;
  code: string;
  name: string;
  usd_to_rub_rate: string;
  eur_to_rub_rate: string;
  is_active: boolean;
  rates_set_at: string | null;
}
interface Audit {
  id: number;
  entity: string;
  entity_id: number | null;
  object_name: string | null;
  operator: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function market(code: string): Promise<Market> {
  const list = await t.client.get<{ results: Market[] }>('/api/market/markets/', { query: { code } });
  return list.body.results[0]!;
}

async function lastAudit(entity: string, entityId: number): Promise<Audit> {
  const list = await t.client.get<{ results: Audit[] }>('/api/audit/', {
    query: { entity, entity_id: entityId, ordering: '-id', page_size: 1 },
  });
  return list.body.results[0]!;
}

/** Parses our CSV (RFC 4180) back into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

async function csv(
  path: string,
  query: Record<string, string | number | (string | number)[]>,
): Promise<{ rows: string[][] }> {
  const response = await t.client.get<string>(path, { query: { ...query, format: 'csv' } });
  expect(response.status, response.text).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
  return { rows: parseCsv(response.text) };
}

describe('markets: edit name, activity and rates', () => {
  it('a changed rate is stored, stamps rates_set_at and is audited old -> new with the market name', async () => {
    const before = await market('dmarket');
    expect(before.rates_set_at).not.toBeNull();
    const response = await t.client.patch<Market>(`/api/market/markets/${before.id}/`, {
      usd_to_rub_rate: '97.125',
    });
    expect(response.status, response.text).toBe(200);
    expect(Number(response.body.usd_to_rub_rate)).toBe(97.125);
    expect(Date.parse(response.body.rates_set_at!)).toBeGreaterThan(Date.parse(before.rates_set_at!));
    const entry = await lastAudit('market', before.id);
    expect(entry.operator).toBe('operator');
    expect(entry.object_name).toBe(before.name);
    expect(Number(entry.before!.usd_to_rub_rate)).toBe(Number(before.usd_to_rub_rate));
    expect(Number(entry.after!.usd_to_rub_rate)).toBe(97.125);
  });

  it('a name or activity change keeps the rates date; the same rate again keeps it too', async () => {
    const before = await market('csfloat');
    const renamed = await t.client.patch<Market>(`/api/market/markets/${before.id}/`, {
      name: 'CSFloat (тест)',
      is_active: false,
      usd_to_rub_rate: before.usd_to_rub_rate,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'CSFloat (тест)', is_active: false });
    expect(renamed.body.rates_set_at).toBe(before.rates_set_at);
    await t.client.patch(`/api/market/markets/${before.id}/`, { name: before.name, is_active: true });
  });

  it('refuses a rate of zero, below zero, with 7 decimals or not a number: 400 naming the field', async () => {
    const { id } = await market('skinport');
    for (const bad of ['0', '-1', '1.1234567', 'abc', 0]) {
      const response = await t.client.patch<Record<string, string[]>>(`/api/market/markets/${id}/`, {
        eur_to_rub_rate: bad,
      });
      expect(response.status, String(bad)).toBe(400);
      expect(response.body.eur_to_rub_rate?.[0]).toMatch(/курс|Курс/);
    }
    expect(Number((await market('skinport')).eur_to_rub_rate)).toBeGreaterThan(0);
  });
});

describe('audit log names its objects', () => {
  it('a market toy is named by its market_hash_name, not market_toy and an id', async () => {
    const toy = await t.client.get<{ market_hash_name: string }>(`/api/toy/toys/${f.toyId}/`);
    const created = await t.client.post<{ id: number }>('/api/market/toys/', {
      toy: f.toyId,
      market: 'tm',
      price_buy: '10.00',
    });
    expect(created.status, created.text).toBe(201);
    await t.client.patch(`/api/market/toys/${created.body.id}/`, { price_buy: '11.00' });
    const entry = await lastAudit('market_toy', created.body.id);
    expect(entry.object_name).toBe(toy.body.market_hash_name);
  });

  it('a bot entry with partial rows is named from the table; an old entry without a label from its rows', async () => {
    await t.services.db.transaction((tx) =>
      writeAudit(tx, 'bot-service', 'update', 'market_account', [
        {
          id: f.marketAccountId,
          before: { id: f.marketAccountId, trading: true },
          after: { trading: false },
        },
      ]),
    );
    const entry = await lastAudit('market_account', f.marketAccountId);
    expect(entry.object_name).toMatch(/^Market CSGO bot-/);
    await t.services.db.query(
      `INSERT INTO audit_entry (operator, action, entity, entity_id, before, after) VALUES ('x', 'update', 'tag', 999999, NULL, '{"name":"старое имя"}')`,
    );
    expect((await lastAudit('tag', 999999)).object_name).toBe('старое имя');
  });
});

describe('CSV export of a list: ?format=csv', () => {
  it('streams every filtered row in the list order beyond one page, with a header and ids as text', async () => {
    const marker = unique('csv');
    const names = Array.from({ length: 130 }, (_, i) => `${marker} ${String(i).padStart(3, '0')}`);
    // Quotes, commas and line breaks in a name come back intact.
    names.push(`${marker} "Quoted", with comma\nand line`);
    await t.services.db.query('INSERT INTO tag (name) SELECT unnest($1::text[])', [names]);
    const page = await t.client.get<{ count: number }>('/api/tag/', {
      query: { search: marker, page_size: 10 },
    });
    expect(page.body.count).toBe(131);
    const { rows } = await csv('/api/tag/', { search: marker, ordering: 'name', page_size: 10 });
    const [header, ...data] = rows;
    expect(header).toEqual(expect.arrayContaining(['id', 'name', 'color']));
    expect(data).toHaveLength(131);
    const nameAt = header!.indexOf('name');
    expect(data.map((row) => row[nameAt])).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(data.map((row) => row[nameAt])).toContain(`${marker} "Quoted", with comma\nand line`);
  });

  it('starts with the UTF-8 byte order mark and keeps Cyrillic', async () => {
    const response = await fetch(`${t.baseUrl}/api/market/markets/?format=csv&code=steam`, {
      headers: { cookie: t.client.cookieHeader() },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows).toHaveLength(2);
    expect(rows[1]![rows[0]!.indexOf('code')]).toBe('steam');
  });

  it('an empty list still has its header row; filters of a special list apply (market accounts extended)', async () => {
    const empty = await csv('/api/tag/', { search: unique('nothing-matches') });
    expect(empty.rows).toHaveLength(1);
    expect(empty.rows[0]).toContain('name');
    const extended = await csv('/api/market/accounts/extended/', { id: f.marketAccountId });
    expect(extended.rows).toHaveLength(2);
    const header = extended.rows[0]!;
    expect(extended.rows[1]![header.indexOf('id')]).toBe(String(f.marketAccountId));
    expect(header).toEqual(expect.arrayContaining(['balance', 'currency', 'balance_rub']));
  });

  it("money of a market's rows comes with that market's currency", async () => {
    const created = await t.client.post<{ id: number }>('/api/market/toys/', {
      toy: f.toyId,
      market: 'dmarket',
      price_sell: '12.34',
    });
    expect(created.status, created.text).toBe(201);
    const { rows } = await csv('/api/market/toys/', { id: created.body.id });
    const header = rows[0]!;
    expect(header.at(-1)).toBe('currency');
    expect(rows[1]![header.indexOf('price_sell')]).toBe('12.34');
    expect(rows[1]![header.indexOf('currency')]).toBe('USD');
  });

  it('the rows a screen shows, by repeated ids (Steam accounts filtered in the browser)', async () => {
    const other = await t.client.post<{ id: number }>('/api/steam/accounts/', {
      steam_account_name: unique('csv'),
    });
    const { rows } = await csv('/api/steam/accounts/extended/', { id: [f.steamAccountId, other.body.id] });
    expect(rows).toHaveLength(3);
    expect(
      rows
        .slice(1)
        .map((row) => row[rows[0]!.indexOf('id')])
        .sort(),
    ).toEqual([String(f.steamAccountId), String(other.body.id)].sort());
  });

  it('64-bit ids keep every digit', async () => {
    const steamId = '76561198000000123';
    await t.client.patch(`/api/steam/accounts/${f.steamAccountId}/`, { steam_id: steamId });
    const { rows } = await csv('/api/steam/accounts/', { id: f.steamAccountId });
    expect(rows[1]![rows[0]!.indexOf('steam_id')]).toBe(steamId);
  });

  it('any text survives quoting (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }), (fields) => {
        const parsed = parseCsv(csvLine(fields));
        expect(parsed).toHaveLength(1);
        // A formula-looking text gains one leading apostrophe; everything else is unchanged.
        expect(parsed[0]!.map((field, i) => (field === `'${fields[i]}` ? fields[i] : field))).toEqual(fields);
      }),
    );
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('a"b')).toBe('"a""b"');
  });
});
