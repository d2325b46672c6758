import { CONVERTIBLE_CURRENCIES, MARKET_CODES, PAYMENT_METHODS, TRANSACTION_KINDS } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

/** A money movement: in, out, or between our own accounts and markets. */
export const transactionEntity = defineEntity('transaction', 'Transaction', {
  id: field.id(),
  kind: field.enum(TRANSACTION_KINDS),
  payment_method: field.enum(PAYMENT_METHODS, { default: 'other' }),
  amount: field.money({ positive: true }),
  currency: field.enum(CONVERTIBLE_CURRENCIES, { default: 'RUB' }),
  from_steam_account: field.fk('steam_account', { nullable: true }),
  to_steam_account: field.fk('steam_account', { nullable: true }),
  from_market_account: field.fk('market_account', { nullable: true }),
  to_market_account: field.fk('market_account', { nullable: true }),
  from_market: field.marketCode(MARKET_CODES, { nullable: true }),
  to_market: field.marketCode(MARKET_CODES, { nullable: true }),
  comment: field.text({ max: 2000, nullable: true }),
  date: field.datetime({ hasDefault: true }),
  created_by: field.readOnlyText({ nullable: true, description: 'Operator who recorded it' }),
  created_at: field.createdAt(),
});

export type Transaction = EntityRecord<typeof transactionEntity.fields>;
export type TransactionCreate = EntityCreate<typeof transactionEntity.fields>;
export type TransactionPatch = EntityPatch<typeof transactionEntity.fields>;
