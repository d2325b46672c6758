/** Who the bot services write as (apps/bots' BOT_ACTOR): shown as «бот». */
export const BOT_ACTOR = 'bot-service';

/**
 * How an entry names its object: the name the server stored or found (a market toy's market_hash_name, an
 * account's name), else the object's kind and id for entries that have none.
 */
export function objectTitle(
  row: { object_name?: unknown; entity_id?: unknown },
  entityLabel: string,
): string {
  if (typeof row.object_name === 'string' && row.object_name !== '') return row.object_name;
  return row.entity_id === null || row.entity_id === undefined
    ? entityLabel
    : `${entityLabel} #${String(row.entity_id)}`;
}
