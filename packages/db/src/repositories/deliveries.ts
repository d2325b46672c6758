import type { BotDelivery, BotDeliveryState, MarketCode } from '@toydesk/contract';

import type { Database, Queryable } from '../database.ts';

/**
 * The deliveries repository (table bot_delivery, migration 012): every market deal the deliver loop saw sold,
 * with its Steam offer and how it ended. The rows are the reconciliation the console and the operator read:
 * deal → offer id → final state.
 */

/** A delivery as the deliver loop reads it: the contract's row without what the loop already knows. */
export type DeliveryRow = Omit<BotDelivery, 'market_account' | 'market' | 'updated_at'>;

export interface SoldDeal {
  dealId: string;
  assetId: string | null;
  marketHashName: string;
  classidInstanceid: string | null;
  /** Major units, exact decimal. */
  price: string;
  currency: string;
}

/** Notes deals seen sold; a deal seen before keeps its row (and its first-seen time). */
export async function notePending(
  db: Database,
  account: { id: number; market: MarketCode },
  deals: SoldDeal[],
): Promise<void> {
  if (deals.length === 0) return;
  await db.query(
    `INSERT INTO bot_delivery (market_account, market, deal_id, asset_id, market_hash_name, classid_instanceid,
       price, currency)
     SELECT $1, $2, d->>'dealId', d->>'assetId', d->>'marketHashName', d->>'classidInstanceid',
       (d->>'price')::numeric, d->>'currency'
     FROM jsonb_array_elements($3::jsonb) AS d
     ON CONFLICT (market_account, deal_id) DO NOTHING`,
    [account.id, account.market, JSON.stringify(deals)],
  );
}

/** The account's deliveries that have not ended, oldest first. */
export function openDeliveries(db: Database, marketAccount: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow & Record<string, unknown>>(
    `SELECT id::int AS id, deal_id, asset_id, market_hash_name, classid_instanceid, price, currency, offer_code,
            offer_id, state, steam_state, error, sold_seen_at, offer_sent_at, trade_ready_at, finished_at
     FROM bot_delivery WHERE market_account = $1 AND state NOT IN ('delivered', 'failed')
     ORDER BY sold_seen_at, id`,
    [marketAccount],
  );
}

export async function markSent(
  db: Database,
  marketAccount: number,
  dealIds: string[],
  offer: { code: string; offerId: string; steamState: string },
): Promise<void> {
  await db.query(
    `UPDATE bot_delivery SET offer_code = $3, offer_id = $4, steam_state = $5, error = NULL,
       state = CASE WHEN state = 'pending' THEN 'sent' ELSE state END,
       offer_sent_at = coalesce(offer_sent_at, now()), updated_at = now()
     WHERE market_account = $1 AND deal_id = ANY($2::text[]) AND state NOT IN ('delivered', 'failed')`,
    [marketAccount, dealIds, offer.code, offer.offerId, offer.steamState],
  );
}

export async function markTradeReady(
  db: Database,
  marketAccount: number,
  offerId: string,
  steamState: string,
): Promise<void> {
  await db.query(
    `UPDATE bot_delivery SET state = 'trade_ready', steam_state = $3, error = NULL,
       trade_ready_at = coalesce(trade_ready_at, now()), updated_at = now()
     WHERE market_account = $1 AND offer_id = $2 AND state IN ('pending', 'sent')`,
    [marketAccount, offerId, steamState],
  );
}

/** Steam's state of the offer as last seen (and, for a step that failed, why). */
export async function noteSteamState(
  db: Database,
  marketAccount: number,
  offerId: string,
  steamState: string,
  error: string | null = null,
): Promise<void> {
  await db.query(
    `UPDATE bot_delivery SET steam_state = $3, error = coalesce($4, error), updated_at = now()
     WHERE market_account = $1 AND offer_id = $2 AND state NOT IN ('delivered', 'failed')`,
    [marketAccount, offerId, steamState, error],
  );
}

/** Ends deliveries; returns the deal ids that ended now (not those that had ended before). */
export async function markFinal(
  db: Database,
  marketAccount: number,
  where: { dealIds?: string[]; offerId?: string },
  state: 'delivered' | 'failed',
  error: string | null,
  steamState?: string,
): Promise<string[]> {
  const rows = await db.query<{ deal_id: string }>(
    `UPDATE bot_delivery SET state = $4, error = $5, steam_state = coalesce($6, steam_state),
       finished_at = now(), updated_at = now()
     WHERE market_account = $1 AND state NOT IN ('delivered', 'failed')
       AND (($2::text[] IS NOT NULL AND deal_id = ANY($2::text[])) OR ($3::text IS NOT NULL AND offer_id = $3))
     RETURNING deal_id`,
    [marketAccount, where.dealIds ?? null, where.offerId ?? null, state, error, steamState ?? null],
  );
  return rows.map((row) => row.deal_id);
}

export interface DeliveryFilter {
  states?: BotDeliveryState[];
  marketAccounts?: number[];
  /** Sold (first seen) at or after this instant. */
  from?: string;
  /** Sold (first seen) at or before this instant. */
  to?: string;
}

const LIST_COLUMNS = `id::int AS id, market_account, market, deal_id, asset_id, market_hash_name,
  classid_instanceid, price, currency, offer_code, offer_id, state, steam_state, error, sold_seen_at,
  offer_sent_at, trade_ready_at, finished_at, updated_at`;

/** The console's read: deliveries newest sale first, with the total for the page. */
export async function listDeliveries(
  db: Queryable,
  filter: DeliveryFilter,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: BotDelivery[] }> {
  const where = `($1::text[] IS NULL OR state = ANY($1::text[]))
    AND ($2::int[] IS NULL OR market_account = ANY($2::int[]))
    AND ($3::timestamptz IS NULL OR sold_seen_at >= $3::timestamptz)
    AND ($4::timestamptz IS NULL OR sold_seen_at <= $4::timestamptz)`;
  const params = [
    filter.states?.length ? filter.states : null,
    filter.marketAccounts?.length ? filter.marketAccounts : null,
    filter.from ?? null,
    filter.to ?? null,
  ];
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM bot_delivery WHERE ${where}`,
    params,
  );
  // id breaks ties: one tick notes several deals with the same first-seen time, and pages must not overlap.
  const results = await db.query<BotDelivery & Record<string, unknown>>(
    `SELECT ${LIST_COLUMNS} FROM bot_delivery WHERE ${where} ORDER BY sold_seen_at DESC, id DESC
     LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  return { count: counted?.count ?? 0, results };
}
