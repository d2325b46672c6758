import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../testing/bot-test-app.ts';

/**
 * Input a client controls that the database cannot take, and ids that only look like ids: each is a 400 on
 * its field or a 404, never a 500, and never acts on another row.
 */
describe('bot routes refuse hostile input', () => {
  let t: BotTestApp;
  let proxyId: number;

  beforeAll(async () => {
    t = await startBotTestApp({ env: { TOYDESK_BOTS_WORKERS: '0' } });
    const [proxy] = await t.db.query<{ id: number }>(
      `INSERT INTO proxy (host, port, comment) VALUES ('127.0.0.1', 9, 'kept') RETURNING id`,
    );
    proxyId = proxy!.id;
  });
  afterAll(() => t?.close());

  const sendRaw = (method: string, path: string, body?: string) =>
    fetch(`${t.baseUrl}${path}`, {
      method,
      headers: {
        'x-app-token': t.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
    });

  it('answers 400 on the field for NUL characters, lone surrogates and 5,000-deep JSON', async () => {
    const cases: { body: string; field: string; says: RegExp }[] = [
      { body: '{"comment":"a\\u0000b"}', field: 'comment', says: /Null characters/ },
      {
        body: '{"comment":"a\\ud800b"}',
        field: 'comment',
        says: /Surrogate characters are not allowed: U\+D800/,
      },
      { body: '{"comment":"\\udfff"}', field: 'comment', says: /U\+DFFF/ },
      { body: `{"comment":${'['.repeat(5000)}${']'.repeat(5000)}}`, field: '0', says: /Nesting is deeper/ },
    ];
    for (const c of cases) {
      const answer = await sendRaw('PATCH', `/api-node/proxy/${proxyId}/`, c.body);
      const body = (await answer.json()) as Record<string, string[]>;
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(body[c.field]?.[0]).toMatch(c.says);
    }
    // A pair of surrogates is one character, and is kept.
    const emoji = await sendRaw(
      'PATCH',
      `/api-node/proxy/${proxyId}/?check=0`,
      '{"comment":"ok \\ud83d\\ude00"}',
    );
    expect(emoji.status).toBe(200);
    const [row] = await t.db.query<{ comment: string }>('SELECT comment FROM proxy WHERE id = $1', [proxyId]);
    expect(row!.comment).toBe('ok 😀');
  });

  it('answers 404, not another row, for ids with spaces, signs or beyond the integer range', async () => {
    for (const id of [
      '%20' + String(proxyId),
      `${proxyId}%20`,
      `+${proxyId}`,
      `0${proxyId}.0`,
      '99999999999999999999',
      '-1',
    ]) {
      const destroy = await sendRaw('DELETE', `/api-node/proxy/${id}/`);
      expect(destroy.status, id).toBe(404);
      const check = await sendRaw('POST', `/api-node/proxy/${id}/check/`, '{}');
      expect(check.status, id).toBe(404);
    }
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM proxy WHERE id = $1', [
      proxyId,
    ]);
    expect(row!.n).toBe(1);
  });

  it('answers a NUL or an odd job id without a 500', async () => {
    for (const id of ['%00', 'not-a-uuid', '99999999999999999999']) {
      const answer = await sendRaw('GET', `/api-node/jobs/${id}/`);
      expect([400, 404], id).toContain(answer.status);
    }
  });
});
