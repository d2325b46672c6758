import { botProxyPatchSchema, type BotJob, type Proxy } from '@toydesk/contract';
import { sealedPlace } from '@toydesk/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';

/**
 * PATCH /api-node/proxy/{id}/: the operator's edit of a proxy. The password stays write-only (absent or ""
 * keeps it, null removes it, a new one is stored encrypted and answered masked), an endpoint change resets
 * the health and queues a check, every change is audited as bot-service, and bad input is a 400 with field
 * errors that changes nothing.
 */

const EDITABLE = ['protocol', 'host', 'port', 'username', 'password', 'comment'] as const;

let t: BotTestApp;

beforeAll(async () => {
  // No workers: the check jobs an edit queues stay queued, so the test reads them and no check overwrites
  // the health it sets up.
  t = await startBotTestApp({ env: { TOYDESK_BOTS_WORKERS: '0' } });
});
afterAll(() => t?.close());

async function createProxy(password: string | null = 's3cret-pass'): Promise<Proxy> {
  const created = await t.request<Proxy>('POST', '/api-node/proxy/', {
    body: { host: '10.1.2.3', port: 3128, username: 'user', password, comment: 'dc-1' },
    query: { check: '0' },
  });
  expect(created.status, created.text).toBe(201);
  // As if a check had found it working: an edit that keeps the endpoint keeps this.
  await t.db.query(`UPDATE proxy SET status = 'up', latency_ms = 42, last_checked_at = now() WHERE id = $1`, [
    created.body.id,
  ]);
  return created.body;
}

const patch = (id: number | string, body: unknown, query?: Record<string, string>) =>
  t.request<Record<string, unknown>>('PATCH', `/api-node/proxy/${id}/`, { body, query });

async function stored(id: number) {
  const [row] = await t.db.query<Record<string, unknown> & { password: string | null }>(
    'SELECT protocol, host, port, username, password, comment, status, latency_ms, last_checked_at FROM proxy WHERE id = $1',
    [id],
  );
  return row!;
}

const plainPassword = async (id: number) => {
  const { password } = await stored(id);
  return password === null ? null : t.runtime.vault.open(password, sealedPlace('proxy', 'password', id));
};

async function checksOf(id: number): Promise<BotJob[]> {
  const jobs = await t.request<{ results: BotJob[] }>('GET', '/api-node/jobs/', {
    query: { kind: 'proxy.check', page_size: 1000 },
  });
  return jobs.body.results.filter((job) => (job.params as { proxy: number }).proxy === id);
}

async function audits(id: number) {
  return t.db.query<{ operator: string; action: string; before: Proxy; after: Proxy }>(
    `SELECT operator, action, before, after FROM audit_entry WHERE entity = 'proxy' AND entity_id = $1
       AND action = 'update' ORDER BY id`,
    [id],
  );
}

describe('editing a proxy', () => {
  it('changes only the comment: the password and the health stay, nothing is re-checked', async () => {
    const proxy = await createProxy();
    const edited = await patch(proxy.id, { comment: 'moved to dc-2', password: '' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      id: proxy.id,
      host: '10.1.2.3',
      comment: 'moved to dc-2',
      password: '••••••••',
      status: 'up',
      latency_ms: 42,
    });
    expect(await plainPassword(proxy.id)).toBe('s3cret-pass');
    expect(await checksOf(proxy.id)).toEqual([]);
    const [audit] = await audits(proxy.id);
    expect(audit).toMatchObject({
      operator: 'bot-service',
      before: { comment: 'dc-1', password: '••••••••' },
      after: { comment: 'moved to dc-2', password: '••••••••' },
    });
  });

  it('moves the endpoint with the password left empty: password kept, health reset, a check queued', async () => {
    const proxy = await createProxy();
    const edited = await patch(proxy.id, { host: '10.1.2.4', port: 8080, password: '' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      host: '10.1.2.4',
      port: 8080,
      status: 'unknown',
      latency_ms: null,
      last_checked_at: null,
    });
    expect(await plainPassword(proxy.id)).toBe('s3cret-pass');
    expect(await checksOf(proxy.id)).toHaveLength(1);
    // check=0 skips the immediate check, as on create.
    const quiet = await patch(proxy.id, { port: 8081 }, { check: '0' });
    expect(quiet.status, quiet.text).toBe(200);
    expect(await checksOf(proxy.id)).toHaveLength(1);
  });

  it('stores a new password encrypted and never answers it; null removes it', async () => {
    const proxy = await createProxy();
    const edited = await patch(proxy.id, { password: 'n3w-pass-word' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.password).toBe('••••••••');
    expect(edited.text).not.toContain('n3w-pass-word');
    const { password } = await stored(proxy.id);
    expect(password).toMatch(/^v2:/);
    expect(password).not.toContain('n3w');
    expect(await plainPassword(proxy.id)).toBe('n3w-pass-word');
    const [audit] = await audits(proxy.id);
    expect(JSON.stringify(audit)).not.toContain('n3w-pass-word');
    const listed = await t.request<{ results: Proxy[] }>('GET', '/api-node/proxy/');
    expect(JSON.stringify(listed.body)).not.toContain('n3w-pass-word');

    const cleared = await patch(proxy.id, { password: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.password).toBeNull();
    expect((await stored(proxy.id)).password).toBeNull();
  });

  it('writes nothing for an edit that changes nothing (an empty body, the same values, health fields)', async () => {
    const proxy = await createProxy();
    for (const body of [{}, { host: '10.1.2.3', port: 3128, comment: 'dc-1' }, { status: 'down' }]) {
      const answer = await patch(proxy.id, body);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ host: '10.1.2.3', status: 'up' });
    }
    expect(await audits(proxy.id)).toEqual([]);
    expect(await checksOf(proxy.id)).toEqual([]);
  });

  it('answers 404 for a missing proxy or a bad id, 401 without the app token', async () => {
    expect((await patch(999_999, { comment: 'x' })).status).toBe(404);
    expect((await patch('abc', { comment: 'x' })).status).toBe(404);
    const proxy = await createProxy();
    const anonymous = await t.request('PATCH', `/api-node/proxy/${proxy.id}/`, {
      body: { comment: 'x' },
      token: null,
    });
    expect(anonymous.status).toBe(401);
    expect((await stored(proxy.id)).comment).toBe('dc-1');
  });

  it('refuses bad fields with 400 and DRF field errors, changing nothing', async () => {
    const proxy = await createProxy();
    const before = await stored(proxy.id);
    const invalid = await patch(proxy.id, { host: '', port: 99999, protocol: 'ftp' });
    expect(invalid.status, invalid.text).toBe(400);
    expect(Object.keys(invalid.body).sort()).toEqual(['host', 'port', 'protocol']);
    for (const messages of Object.values(invalid.body)) expect(messages).toEqual([expect.any(String)]);
    expect(await stored(proxy.id)).toEqual(before);
  });
});

/** True when a JSON value holds a `__proto__` key, or a `constructor` with a `prototype`, at any depth. */
function hasPrototypeKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasPrototypeKey);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) =>
      key === '__proto__' ||
      (key === 'constructor' &&
        inner !== null &&
        typeof inner === 'object' &&
        Object.hasOwn(inner, 'prototype')) ||
      hasPrototypeKey(inner),
  );
}

describe('generated bodies: 400 exactly when the shared schema refuses, with field errors, nothing changed', () => {
  const junkValue = fc.oneof(
    fc.constantFrom('', ' ', '0', '-1', '65536', '★™', 'http', 'socks5', 'ftp', null, true, 1.5, -1),
    fc.string({ maxLength: 300 }),
    fc.integer({ min: -100_000, max: 100_000 }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const junkBody = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom(...EDITABLE, 'status', 'id'), fc.string({ maxLength: 6 })),
        junkValue,
        { maxKeys: 6 },
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

  it('PATCH /api-node/proxy/{id}/', async () => {
    const proxy = await createProxy();
    const fingerprint = async () =>
      JSON.stringify([
        await stored(proxy.id),
        await t.db.query('SELECT count(*)::int AS n FROM audit_entry'),
      ]);
    await fc.assert(
      fc.asyncProperty(junkBody, async (body) => {
        const before = await fingerprint();
        const answer = await patch(proxy.id, body, { check: '0' });
        expect(answer.status, answer.text).toBeLessThan(500);
        if (hasPrototypeKey(body)) {
          // Fastify refuses prototype poisoning (secure-json-parse) before any schema: a 400 with a detail, and nothing written.
          expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(400);
          expect(await fingerprint()).toBe(before);
          return;
        }
        const valid = botProxyPatchSchema.safeParse(body).success;
        expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(valid ? 200 : 400);
        if (answer.status === 400) {
          expect(typeof answer.body).toBe('object');
          expect(Object.keys(answer.body).length).toBeGreaterThan(0);
          for (const [name, messages] of Object.entries(answer.body)) {
            expect([...EDITABLE, 'non_field_errors']).toContain(name);
            expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
          }
          expect(await fingerprint()).toBe(before);
        } else {
          expect(answer.text).not.toMatch(/"password":"v[12]:/);
        }
      }),
      { numRuns: 80 },
    );
  });
});
