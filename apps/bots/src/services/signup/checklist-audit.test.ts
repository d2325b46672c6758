import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Database, migrate } from '@toydesk/db';
import { openTestDatabase } from '@toydesk/db/testing';
import { markStep } from './signup-steps.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase({ poolSize: 8, prefix: 'toydesk_bots_test' });
  await migrate(db);
});
afterAll(async () => db?.close());

type Entry = {
  operator: string | null;
  entity: string;
  entity_id: number;
  label: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

describe('checklist runs are audited', () => {
  it('a step asked for, done or failed writes an entry named by the Steam account; running does not', async () => {
    const [account] = await db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('audit_walk_01') RETURNING id`,
    );
    await markStep(db, account!.id, 'relogin', { state: 'pending' });
    await markStep(db, account!.id, 'relogin', { state: 'running', job_id: 'j1' });
    await markStep(db, account!.id, 'relogin', { state: 'done', job_id: 'j1' });
    await markStep(db, account!.id, 'add_phone', { state: 'failed', error: 'no phone' });
    const entries = await db.query<Entry>(
      `SELECT operator, entity, entity_id, label, before, after FROM audit_entry WHERE entity = 'account_checklist' ORDER BY id`,
    );
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ relogin: null }, { relogin: 'pending' }],
      [{ relogin: 'running' }, { relogin: 'done' }],
      [{ add_phone: null }, { add_phone: 'failed', error: 'no phone' }],
    ]);
    for (const entry of entries) {
      expect(entry.operator).toBe('bot-service');
      expect(entry.label).toBe('audit_walk_01');
    }
  });
});
