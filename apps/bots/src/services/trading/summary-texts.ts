import { botTextSchema, type BotText } from '@toydesk/contract';

import { listBotJobResultTexts, type Queryable } from '@toydesk/db';

/**
 * The summary texts (code and parameters) of the loops' last ticks, read from their jobs' results: the
 * loop row keeps the English summary only. A job still running or purged from the queue has none.
 */
export async function readSummaryTexts(db: Queryable, jobIds: string[]): Promise<Map<string, BotText>> {
  const ids = [...new Set(jobIds)];
  if (ids.length === 0) return new Map();
  const rows = await listBotJobResultTexts(db, ids);
  const texts = new Map<string, BotText>();
  for (const row of rows) {
    const parsed = botTextSchema.safeParse(row.text);
    if (parsed.success) texts.set(row.id, parsed.data);
  }
  return texts;
}
