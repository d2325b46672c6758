import { readFileSync } from 'node:fs';

import type { BotJob } from '@toydesk/contract';
import { sealedPlace } from '@toydesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';

/** SDA-shaped maFiles whose Session.SteamID is a bare number past 2^53 (see their SOURCE.md). */
const fixture = (name: string) =>
  readFileSync(
    new URL(`../../../../../packages/contract/src/steam/fixtures/${name}`, import.meta.url),
    'utf8',
  );
const OLD = fixture('sda-old.maFile'); // toydeskbot1, 76561198000000002
const NEW = fixture('sda-new.maFile'); // toydeskbot2, 76561199999999999

describe('maFile import: SteamID exact, account checked, audited', () => {
  let t: BotTestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await startBotTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The maFile's text sent as it is on disk: the bare number reaches the server unparsed. */
  const post = async (path: string, rawBody: string) => {
    const response = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-token': t.token },
      body: rawBody,
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
    };
  };
  const withFile = (file: string, extra = '') => `{"mafile":${file}${extra}}`;

  /** The import with the operator's confirmation: accepted (202), and its job run to the end. */
  async function importConfirmed(id: number, file: string) {
    const confirmed = await post(
      `/api-node/singup/${id}/import-mafile`,
      withFile(file, ',"confirm_account_name":true'),
    );
    expect(confirmed.status, confirmed.text).toBe(202);
    await t.runtime.queue.waitFor((confirmed.body as unknown as BotJob).id, 30_000);
  }

  async function account(name: string, steamId: string | null = null) {
    counter += 1;
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, steam_id, shared_secret) VALUES ($1, $1, $2, $3)
       RETURNING id`,
      [name, steamId, t.runtime.vault.encrypt(`old-secret-${counter}`)],
    );
    return row!.id;
  }
  const stored = async (id: number) => {
    const [row] = await t.db.query<{ steam_id: string | null; shared_secret: string }>(
      'SELECT steam_id, shared_secret FROM steam_account WHERE id = $1',
      [id],
    );
    return {
      steamId: row!.steam_id,
      sharedSecret: t.runtime.vault.open(
        row!.shared_secret,
        sealedPlace('steam_account', 'shared_secret', id),
      ),
    };
  };
  const jobsOf = async (id: number) =>
    (
      await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE '%import-mafile%' AND data->>'account' = $1`,
        [String(id)],
      )
    )[0]!.n;
  const audits = (id: number) =>
    t.db.query<{ action: string; operator: string; before: unknown; after: Record<string, unknown> }>(
      `SELECT action, operator, before, after FROM audit_entry WHERE entity = 'steam_account' AND entity_id = $1
       ORDER BY id`,
      [id],
    );

  it("keeps SDA's bare Session.SteamID exact (76561198000000002, not ...000) and audits the change", async () => {
    const id = await account('toydeskbot1');
    const started = await post(`/api-node/singup/${id}/import-mafile`, withFile(OLD));
    expect(started.status, started.text).toBe(202);
    const job = (await t.runtime.queue.waitFor((started.body as unknown as BotJob).id, 30_000))!;
    expect(job).toMatchObject({ state: 'done', result: { imported: true, steam_id: '76561198000000002' } });
    expect(await stored(id)).toEqual({
      steamId: '76561198000000002',
      sharedSecret: 'zvIayp3JPvtvX/QGHqsqKBk/44s=',
    });
    const [audit] = await audits(id);
    expect(audit).toMatchObject({ action: 'update', operator: 'bot-service' });
    expect(audit!.after.steam_id).toBe('76561198000000002');
    // Secrets masked in the log, never in clear.
    expect(JSON.stringify(audit)).not.toContain('zvIayp3JPvtvX');
  });

  it('refuses a maFile of another account (both names shown) until the operator confirms', async () => {
    const id = await account(`someone-else-${process.pid}`);
    const refused = await post(`/api-node/singup/${id}/import-mafile`, withFile(OLD));
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'account_name_mismatch',
      mafile_account_name: 'toydeskbot1',
      account_name: `someone-else-${process.pid}`,
    });
    expect(await jobsOf(id)).toBe(0);
    expect((await stored(id)).steamId).toBeNull();

    // The account that holds the SteamID already (the test above) keeps it: 409 even when confirmed.
    const taken = await post(
      `/api-node/singup/${id}/import-mafile`,
      withFile(OLD, ',"confirm_account_name":true'),
    );
    expect(taken.status, taken.text).toBe(409);
    expect(taken.body.code).toBe('steam_id_taken');

    await importConfirmed(id, NEW);
    expect((await stored(id)).steamId).toBe('76561199999999999');
  });

  it('a stored SteamID that the old bug rounded is replaced only after confirmation', async () => {
    const rounded = '76561198000000000';
    await t.db.query('DELETE FROM steam_account WHERE steam_id = $1', ['76561198000000002']);
    const id = await account('toydeskbot1', rounded);
    const refused = await post(`/api-node/singup/${id}/import-mafile`, withFile(OLD));
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ code: 'steam_id_mismatch', mafile_steam_id: '76561198000000002' });
    await importConfirmed(id, OLD);
    expect((await stored(id)).steamId).toBe('76561198000000002');
  });

  it('bad input is a 400 naming the problem, and nothing is written', async () => {
    const id = await account(`bad-input-${process.pid}`);
    const before = await stored(id);
    const base = (session: string) =>
      `{"mafile":{"shared_secret":"c2VjcmV0c2VjcmV0c2VjcmV0","account_name":"bad-input-${process.pid}"${session}}}`;
    const cases: [string, string][] = [
      ['not JSON', '{"mafile": {shared_secret: nope'],
      ['a SteamID of letters', base(',"Session":{"SteamID":"abc"}')],
      ['no SteamID', base(',"Session":{"SessionID":"x"}')],
      ['no Session at all', base('')],
      ['a SteamID out of range', base(',"Session":{"SteamID":12345678901234567890}')],
      ['a small numeric SteamID', base(',"Session":{"SteamID":12345}')],
      ['no shared_secret', '{"mafile":{"Session":{"SteamID":76561198000000005}}}'],
    ];
    for (const [what, body] of cases) {
      const response = await post(`/api-node/singup/${id}/import-mafile`, body);
      expect(response.status, `${what}: ${response.text}`).toBe(400);
      expect(response.text.length, what).toBeGreaterThan(10);
    }
    const noId = await post(`/api-node/singup/${id}/import-mafile`, base(',"Session":{"SessionID":"x"}'));
    expect(noId.body).toMatchObject({ mafile: { 'Session.SteamID': [expect.stringContaining('SteamID')] } });
    const created = await post('/api-node/singup/import-mafile/', base(',"Session":{"SteamID":"7656x"}'));
    expect(created.status, created.text).toBe(400);
    expect(await jobsOf(id)).toBe(0);
    expect(await stored(id)).toEqual(before);
    expect(await audits(id)).toEqual([]);
    const [count] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM steam_account WHERE steam_account_name = $1`,
      [`bad-input-${process.pid}`],
    );
    expect(count!.n).toBe(1);
  });

  it('creates a new Steam account from a maFile: exact SteamID, secrets in the vault, 2FA done, audited', async () => {
    await t.db.query('DELETE FROM steam_account WHERE steam_id = $1', ['76561199999999999']);
    const created = await post('/api-node/singup/import-mafile/', withFile(NEW));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      steam_account_name: 'toydeskbot2',
      login: 'toydeskbot2',
      steam_id: '76561199999999999',
    });
    const id = created.body.id as number;
    const [row] = await t.db.query<{
      shared_secret: string;
      identity_secret: string;
      revocation_code: string;
    }>('SELECT shared_secret, identity_secret, revocation_code FROM steam_account WHERE id = $1', [id]);
    expect(row!.shared_secret).not.toBe('Ygz1cFUoyBbUCGe7mIwAxI6cFdo=');
    const open = (column: 'shared_secret' | 'revocation_code') =>
      t.runtime.vault.open(row![column], sealedPlace('steam_account', column, id));
    expect(open('shared_secret')).toBe('Ygz1cFUoyBbUCGe7mIwAxI6cFdo=');
    expect(open('revocation_code')).toBe('R90321');
    const [checklist] = await t.db.query<{ steps: Record<string, { state: string }> }>(
      'SELECT steps FROM account_checklist WHERE steam_account = $1',
      [id],
    );
    expect(checklist!.steps.enable_2fa_step_2?.state).toBe('done');
    const [audit] = await audits(id);
    expect(audit).toMatchObject({ action: 'create', before: null, after: { steam_id: '76561199999999999' } });
    expect(JSON.stringify(audit)).not.toContain('Ygz1cFUoyBbUCGe7mIwAxI6cFdo=');

    // The same file again: the name (and SteamID) are taken, 400, no second account.
    const again = await post('/api-node/singup/import-mafile/', withFile(NEW));
    expect(again.status, again.text).toBe(400);
    const renamed = await post(
      '/api-node/singup/import-mafile/',
      withFile(NEW, ',"steam_account_name":"other"'),
    );
    expect(renamed.status, renamed.text).toBe(400);
    expect(JSON.stringify(renamed.body)).toContain('76561199999999999');
  });
});
