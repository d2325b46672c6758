import { API_ROUTES, type RouteDef } from '@toydesk/contract';
import { ENTITY_TABLES } from '@toydesk/db';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { makeFixtures, type Fixtures } from '../testing/fixtures.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/**
 * Generated junk at every write endpoint (and every list's query string): each answer is a success or a
 * 400 with field errors, never a 5xx, and a refused request writes nothing.
 */
const t = useTestApp();
let f: Fixtures;
beforeAll(async () => {
  f = await makeFixtures(t.client);
});

/** Every table the API writes: a refused request must leave each one as it was. */
const TABLES = Object.values(ENTITY_TABLES).map((table) => table.entity.name);

/** A fingerprint of everything stored: row counts and the newest audit entry. */
async function fingerprint(): Promise<string> {
  const rows = await t.services.db.query(
    `SELECT ${TABLES.map((n) => `(SELECT count(*)::int FROM "${n}") AS "${n}"`).join(', ')}, (SELECT max(id) FROM audit_entry) AS last_audit`,
  );
  return JSON.stringify(rows[0]);
}

function fieldNames(route: RouteDef): string[] {
  const schema = route.body as unknown as
    { shape?: Record<string, unknown>; element?: { shape?: Record<string, unknown> } } | undefined;
  const shape = schema?.shape ?? schema?.element?.shape ?? route.entity?.fields ?? {};
  return Object.keys(shape);
}

const junkValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    '99999999999999999999',
    '12.345',
    'null',
    'true',
    '2026-02-30',
    '\u0000',
    '\ud800',
    '★™',
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2147483648, -2147483649, 1.5, 0, -0, Number.MAX_SAFE_INTEGER),
);

function junkRecord(names: string[]) {
  return fc.dictionary(
    fc.oneof(fc.constantFrom(...names, 'id', '__proto__', 'constructor'), fc.string({ maxLength: 8 })),
    junkValue,
    {
      maxKeys: 8,
    },
  );
}

function junkBody(route: RouteDef) {
  const names = fieldNames(route);
  const record = names.length
    ? junkRecord(names)
    : fc.dictionary(fc.string({ maxLength: 8 }), junkValue, { maxKeys: 4 });
  return fc.oneof(
    { weight: 4, arbitrary: record },
    { weight: 2, arbitrary: fc.array(record, { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.record({
        ids: fc.oneof(fc.array(fc.integer(), { maxLength: 4 }), junkValue),
        fields: record,
      }),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

function junkQuery(route: RouteDef) {
  const names = fieldNames(route).flatMap((n) => [
    n,
    `${n}__gte`,
    `${n}__lte`,
    `${n}__isnull`,
    `${n}__icontains`,
  ]);
  return fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        ...names,
        'page',
        'page_size',
        'ordering',
        'search',
        'fields',
        'id',
        'value',
        'status',
        'all',
      ),
      fc.string({ maxLength: 6 }),
    ),
    fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
      fc.constantFrom('1', '-1', '0', 'true', '999999999999', '2026-01-01', 'tm'),
    ),
    { maxKeys: 5 },
  );
}

function concretePath(route: RouteDef): string {
  // An existing id for detail routes (so PUT and PATCH reach validation), sometimes a missing one.
  const ids: Record<string, number> = {
    'market-accounts': f.marketAccountId,
    'steam-accounts': f.steamAccountId,
    toys: f.toyId,
    tags: f.tagId,
    'server-groups': f.serverGroupId,
  };
  return route.path.replace('{id}', String(ids[route.tag] ?? 1));
}

function expectWellFormed(status: number, body: unknown, text: string) {
  expect(status, text).toBeLessThan(500);
  if (status === 400) {
    expect(typeof body === 'object' && body !== null && !Array.isArray(body), text).toBe(true);
    expect(Object.keys(body as object).length, text).toBeGreaterThan(0);
  }
}

const writeRoutes = API_ROUTES.filter(
  (r) => r.method !== 'GET' && r.method !== 'DELETE' && r.id !== 'accounts.login',
);
const queryRoutes = API_ROUTES.filter(
  (r) => r.method === 'GET' && !r.path.includes('{id}') && r.id !== 'accounts.logout',
);

describe('generated junk at every write endpoint', () => {
  it.each(writeRoutes.map((r) => [r.id, r] as const))('%s', async (_id, route) => {
    await fc.assert(
      fc.asyncProperty(junkBody(route), async (body) => {
        const before = await fingerprint();
        const response = await t.client.request(route.method, concretePath(route), { body });
        expectWellFormed(response.status, response.body, response.text);
        if (response.status >= 400) expect(await fingerprint()).toBe(before);
      }),
      { numRuns: 25 },
    );
  });

  it.each(writeRoutes.slice(0, 6).map((r) => [r.id, r] as const))(
    '%s with a malformed JSON text',
    async (_id, route) => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 30 }), async (raw) => {
          const before = await fingerprint();
          const response = await t.client.request(route.method, concretePath(route), { rawBody: raw });
          expectWellFormed(response.status, response.body, response.text);
          if (response.status >= 400) expect(await fingerprint()).toBe(before);
        }),
        { numRuns: 15 },
      );
    },
  );
});

describe('JSON the database cannot take, at every write endpoint', () => {
  // 5,000 levels overflowed the stack of the NUL check (a 500); a lone surrogate was stored as U+FFFD.
  const bodies = [
    ['5,000-deep', `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`, /Nesting is deeper/],
    ['lone surrogate', '{"name":"x\\udc00"}', /Surrogate characters are not allowed: U\+DC00/],
    ['NUL key', '{"na\\u0000me":"x"}', /Null characters/],
  ] as const;
  it.each(writeRoutes.map((r) => [r.id, r] as const))('%s', async (_id, route) => {
    for (const [label, raw, says] of bodies) {
      const before = await fingerprint();
      const response = await t.client.request(route.method, concretePath(route), { rawBody: raw });
      expect(response.status, `${label}: ${response.text}`).toBe(400);
      expect(Object.values(response.body as Record<string, string[]>)[0]?.[0]).toMatch(says);
      expect(await fingerprint()).toBe(before);
    }
  });
});

describe('generated junk in the query string of every GET list and special', () => {
  it.each(queryRoutes.map((r) => [r.id, r] as const))('%s', async (_id, route) => {
    await fc.assert(
      fc.asyncProperty(junkQuery(route), async (query) => {
        const before = await fingerprint();
        const response = await t.client.get(route.path, {
          query: query as Record<string, string | string[]>,
        });
        expect(response.status, response.text).toBeLessThan(500);
        // set-point-status and set-ignore-price write through a GET; junk must not.
        if (response.status >= 400) expect(await fingerprint()).toBe(before);
      }),
      { numRuns: 40 },
    );
  });
});
