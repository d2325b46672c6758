import { z } from 'zod';

import { CURRENCIES, MARKET_ACCOUNT_STATUSES, MARKET_CODES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const marketAccountEntity = defineEntity('market_account', 'Market account', {
  id: field.id(),
  market: field.marketCode(MARKET_CODES),
  steam_account: field.fk('steam_account'),
  label: field.computed(z.string(), { description: 'Market name plus Steam account name' }),
  api_key: field.secret(),
  pay_password: field.secret(),
  currency: field.enum(CURRENCIES, { default: 'RUB' }),
  balance: field.money({ default: '0' }),
  online: field.bool({ default: false }),
  last_online_at: field.datetime({ nullable: true }),
  proxy: field.fk('proxy', { nullable: true }),
  tags: field.intArray('tag'),
  status: field.enum(MARKET_ACCOUNT_STATUSES, { default: 'active' }),
  keep_online: field.bool({ default: false, description: 'Trading loop: keep the account online' }),
  auto_deliver: field.bool({ default: false, description: 'Trading loop: deliver sold items' }),
  auto_sell: field.bool({ default: false, description: 'Trading loop: list and reprice items' }),
  dynamic_orders: field.bool({ default: false, description: 'Trading loop: keep dynamic buy orders' }),
  dry_run: field.bool({ default: true, description: 'Loops only record what they would do' }),
  notes: field.text({ max: 5000, nullable: true }),
  ...field.timestamps(),
});

export type MarketAccount = EntityRecord<typeof marketAccountEntity.fields>;
export type MarketAccountCreate = EntityCreate<typeof marketAccountEntity.fields>;
export type MarketAccountPatch = EntityPatch<typeof marketAccountEntity.fields>;
