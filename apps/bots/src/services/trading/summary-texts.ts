import { botTextSchema, type BotText } from '@toydesk/contract';

import { type Queryable, PGBOSS_SCHEMA } from '@toydesk/db';

/**
 * The summary texts (code and parameters) of the loops' last ticks, read from their jobs' results: the
 * loop row keeps the English summary only. A job still running or purged from the queue has none.
 */
export async function readSummaryTexts(db: Queryable, jobIds: string[]): Promise<Map<string, BotText>> {
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; text: unknown }>(
    `SELECT id::text AS id, output->'result'->'text' AS text FROM ${PGBOSS_SCHEMA}.job
       WHERE id = ANY($1::uuid[]) AND state = 'completed'
     UNION ALL
     SELECT id::text AS id, output->'result'->'text' AS text FROM ${PGBOSS_SCHEMA}.archive
       WHERE id = ANY($1::uuid[]) AND state = 'completed'`,
    [ids],
  );
  const texts = new Map<string, BotText>();
  for (const row of rows) {
    const parsed = botTextSchema.safeParse(row.text);
    if (parsed.success) texts.set(row.id, parsed.data);
  }
  return texts;
}
