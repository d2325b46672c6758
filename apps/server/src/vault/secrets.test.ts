import { describe, expect, it } from 'vitest';

import { useTestApp } from '../testing/use-test-app.ts';

const SECRETS = {
  password: 'Pl41n-Steam-Passw0rd!',
  shared_secret: 'U2hhcmVkU2VjcmV0RXhhbXBsZTEyMw==',
  identity_secret: 'SWRlbnRpdHlTZWNyZXRFeGFtcGxlMTI=',
  revocation_code: 'R12345',
  email_password: 'mail-pass-777',
};
const API_KEY = 'f00dfeedcafebabe0123456789ab3f9a';
const PAY_PASSWORD = 'pay-pass-4242';

const t = useTestApp();

describe('secrets vault', () => {
  it('stores Steam and market secrets encrypted, answers only masks, and never logs them', async () => {
    const account = await t.client.post<Record<string, unknown>>('/api/steam/accounts/', {
      steam_account_name: 'vault_bot',
      ...SECRETS,
    });
    expect(account.status).toBe(201);
    for (const key of Object.keys(SECRETS)) expect(account.body[key]).toBe('••••••••');
    const market = await t.client.post<Record<string, unknown>>('/api/market/accounts/', {
      market: 'tm',
      steam_account: account.body.id,
      api_key: API_KEY,
      pay_password: PAY_PASSWORD,
    });
    expect(market.status).toBe(201);
    expect(market.body.api_key).toBe('••••3f9a');
    expect(market.body.pay_password).toBe('••••••••');

    const stored = await t.services.db.query<Record<string, string>>(
      'SELECT * FROM steam_account WHERE id = $1',
      [account.body.id],
    );
    for (const [key, plain] of Object.entries(SECRETS)) {
      expect(stored[0]![key]!.startsWith('v2:')).toBe(true);
      const place = { table: 'steam_account', column: key, id: account.body.id as number };
      expect(t.services.vault.open(stored[0]![key]!, place)).toBe(plain);
    }

    // Every way of reading the data: none carries a plain secret or its ciphertext.
    const replies = await Promise.all([
      t.client.get(`/api/steam/accounts/${String(account.body.id)}/`),
      t.client.get('/api/steam/accounts/', { query: { page_size: 999999 } }),
      t.client.get('/api/steam/accounts/extended/'),
      t.client.get('/api/market/accounts/', { query: { page_size: 999999 } }),
      t.client.get('/api/market/accounts/extended/', { query: { page_size: 99999 } }),
      t.client.get('/api/frontend/common'),
      t.client.get('/api/audit/', { query: { page_size: 1000 } }),
    ]);
    const plains = [...Object.values(SECRETS), API_KEY, PAY_PASSWORD];
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      for (const plain of plains) expect(reply.text).not.toContain(plain);
      expect(reply.text).not.toMatch(/v[12]:[A-Za-z0-9_-]{8}:/);
    }
    const patched = await t.client.patch<Record<string, unknown>>(
      `/api/market/accounts/${String(market.body.id)}/`,
      { api_key: 'new-key-000000000000000000000abcd' },
    );
    expect(patched.body.api_key).toBe('••••abcd');
    const cleared = await t.client.patch<Record<string, unknown>>(
      `/api/market/accounts/${String(market.body.id)}/`,
      { pay_password: null },
    );
    expect(cleared.body.pay_password).toBeNull();

    const logs = t.logLines.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const plain of [...plains, 'new-key-000000000000000000000abcd']) expect(logs).not.toContain(plain);
  });

  it('records every change in the audit log with secrets masked', async () => {
    const created = await t.client.post<{ id: number }>('/api/tag/', { name: 'audited', color: '#123456' });
    await t.client.patch(`/api/tag/${created.body.id}/`, { color: '#654321' });
    await t.client.delete(`/api/tag/${created.body.id}/`);
    const audit = await t.client.get<{
      results: {
        action: string;
        operator: string;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
      }[];
    }>('/api/audit/', { query: { entity: 'tag', entity_id: created.body.id, ordering: 'id' } });
    expect(audit.body.results.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(audit.body.results.every((r) => r.operator === 'operator')).toBe(true);
    expect(audit.body.results[1]!.before!.color).toBe('#123456');
    expect(audit.body.results[1]!.after!.color).toBe('#654321');
    expect(audit.body.results[2]!.after).toBeNull();
  });
});
