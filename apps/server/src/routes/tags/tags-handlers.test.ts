import { readFileSync } from 'node:fs';
import path from 'node:path';

import { MIGRATIONS_DIR } from '@toydesk/db';
import { describe, expect, it } from 'vitest';

import { useTestApp } from '../../testing/use-test-app.ts';
import { TAG_NAME_TAKEN } from './tags-handlers.ts';

const t = useTestApp();

const unique = (label: string) => `${label} ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`;

describe('tag names are unique (issue 12)', () => {
  it('refuses a taken name in any case and with spaces around it, on create and on edit', async () => {
    const name = unique('Alpha');
    const first = await t.client.post<{ id: number }>('/api/tag/', { name, color: '#123456' });
    expect(first.status).toBe(201);

    for (const taken of [name, name.toUpperCase(), ` ${name.toLowerCase()} `]) {
      const again = await t.client.post<Record<string, unknown>>('/api/tag/', { name: taken });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ name: [TAG_NAME_TAKEN] });
    }

    const other = await t.client.post<{ id: number }>('/api/tag/', { name: unique('Beta') });
    expect(other.status).toBe(201);
    const renamed = await t.client.patch(`/api/tag/${other.body.id}/`, { name: name.toUpperCase() });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual({ name: [TAG_NAME_TAKEN] });
    const replaced = await t.client.put(`/api/tag/${other.body.id}/`, { name, color: '#654321' });
    expect(replaced.status).toBe(400);

    // A tag keeps its own name, or changes only its case.
    const own = await t.client.patch<{ name: string }>(`/api/tag/${first.body.id}/`, {
      name: name.toUpperCase(),
      color: '#abcdef',
    });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe(name.toUpperCase());

    const rows = await t.services.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tag WHERE lower(name) = lower($1)',
      [name],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('answers one 201 and the same 400s to several saves of one name at once', async () => {
    const name = unique('Race');
    const replies = await Promise.all([
      t.client.post('/api/tag/', { name }),
      t.client.post('/api/tag/', { name: name.toLowerCase() }),
      t.client.post('/api/tag/', { name: name.toUpperCase() }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    for (const reply of replies.filter((r) => r.status === 400))
      expect(reply.body).toEqual({ name: [TAG_NAME_TAKEN] });
  });

  it('migration 019 renames the later of two tags sharing a name, then holds names unique', async () => {
    const name = unique('Twin');
    const sql = readFileSync(path.join(MIGRATIONS_DIR, '019-tag-name-unique.sql'), 'utf8');
    await t.services.db.transaction(async (tx) => {
      await tx.exec('DROP INDEX tag_name_ci_unique');
      const rows = await tx.query<{ id: number }>(
        'INSERT INTO tag (name) VALUES ($1), ($2), ($3) RETURNING id',
        [name, name.toUpperCase(), ` ${name} `],
      );
      await tx.exec(sql);
      const after = await tx.query<{ id: number; name: string }>(
        'SELECT id, name FROM tag WHERE id = ANY($1::int[]) ORDER BY id',
        [rows.map((r) => r.id)],
      );
      expect(after.map((r) => r.name)).toEqual([
        name,
        `${name.toUpperCase()} (#${rows[1]!.id})`,
        ` ${name}  (#${rows[2]!.id})`,
      ]);
    });
    await expect(
      t.services.db.query('INSERT INTO tag (name) VALUES ($1)', [name.toLowerCase()]),
    ).rejects.toThrow();
  });
});
