import { z } from 'zod';

import { CONVERTIBLE_CURRENCIES, MARKET_CODES } from '../enums.ts';
import { defineEntity, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

/** sold: a purchase matched to its sale; held: a purchase not sold yet; unbought: a sale of a unit bought outside the history. */
export const PROFIT_DEAL_STATUSES = ['sold', 'held', 'unbought'] as const;
export type ProfitDealStatus = (typeof PROFIT_DEAL_STATUSES)[number];
/** asset: linked by the Steam asset id; fifo: first in, first out per market_hash_name; none: not matched. */
export const PROFIT_MATCH_KINDS = ['asset', 'fifo', 'none'] as const;

const money = (description?: string) =>
  field.money({ nullable: true, ...(description ? { description } : {}) });

/**
 * One unit of an item as profit sees it (migration 025 keeps the rows from toy_history by trigger): read-only,
 * listed at /api/profit/deals/. Amounts in RUB and USD are converted at each side's date with its market's
 * rates of that day; fees are each market's fee table; profit only for sold units.
 */
export const profitDealEntity = defineEntity('profit_deal', 'Profit deal', {
  id: field.id(),
  market_hash_name: field.text({ max: 512 }),
  status: field.enum(PROFIT_DEAL_STATUSES),
  match_kind: field.enum(PROFIT_MATCH_KINDS),
  asset_id: field.text({ max: 64, nullable: true }),
  buy_history: field.int({ nullable: true, description: 'The purchase row of toy_history' }),
  buy_date: field.datetime({ nullable: true }),
  buy_market: field.marketCode(MARKET_CODES, { nullable: true }),
  buy_market_account: field.fk('market_account', { nullable: true }),
  buy_steam_account: field.fk('steam_account', { nullable: true }),
  buy_price: money('As recorded, in buy_currency'),
  buy_currency: field.enum(CONVERTIBLE_CURRENCIES, { nullable: true }),
  sell_history: field.int({ nullable: true, description: 'The sale row of toy_history' }),
  sell_date: field.datetime({ nullable: true }),
  sell_market: field.marketCode(MARKET_CODES, { nullable: true }),
  sell_market_account: field.fk('market_account', { nullable: true }),
  sell_steam_account: field.fk('steam_account', { nullable: true }),
  sell_price: money('As recorded, in sell_currency'),
  sell_currency: field.enum(CONVERTIBLE_CURRENCIES, { nullable: true }),
  buy_rub: money(),
  buy_fee_rub: money(),
  sell_rub: money(),
  sell_fee_rub: money(),
  profit_rub: money('sell_rub − sell_fee_rub − buy_rub − buy_fee_rub; sold units only'),
  buy_usd: money(),
  buy_fee_usd: money(),
  sell_usd: money(),
  sell_fee_usd: money(),
  profit_usd: money('sell_usd − sell_fee_usd − buy_usd − buy_fee_usd; sold units only'),
  holding_seconds: field.computed(z.number().int().nullable(), {
    description: 'From the purchase to the sale, or to now for a held unit; null for an unbought sale',
  }),
});

export type ProfitDeal = EntityRecord<typeof profitDealEntity.fields>;
