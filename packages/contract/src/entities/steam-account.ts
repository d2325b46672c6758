import { z } from 'zod';

import { CURRENCIES, STEAM_ACCOUNT_STATUSES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const marketAccountRefSchema = z.object({
  id: z.number().int(),
  market: z.string(),
  label: z.string(),
});

export const steamAccountEntity = defineEntity('steam_account', 'Steam account', {
  id: field.id(),
  steam_account_name: field.text({ max: 64, min: 1 }),
  login: field.text({ max: 64, nullable: true }),
  password: field.secret(),
  shared_secret: field.secret(),
  identity_secret: field.secret(),
  revocation_code: field.secret(),
  email_password: field.secret(),
  steam_id: field.text({
    max: 17,
    nullable: true,
    pattern: /^\d{17}$/,
    patternMessage: 'SteamID64: 17 цифр (17 digits)',
  }),
  email: field.text({
    max: 254,
    nullable: true,
    pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    patternMessage: 'Введите корректный email',
  }),
  phone: field.text({
    max: 32,
    nullable: true,
    pattern: /^\+?\d{6,20}$/,
    patternMessage: 'Телефон: цифры, можно с + (digits, optional +)',
  }),
  proxy: field.fk('proxy', { nullable: true }),
  server_group: field.fk('server_group', { nullable: true }),
  tags: field.intArray('tag'),
  trade_url: field.text({
    max: 255,
    nullable: true,
    pattern: /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d+&token=[\w-]{8}$/,
    patternMessage: 'Ссылка на обмен Steam (Steam trade URL)',
  }),
  status: field.enum(STEAM_ACCOUNT_STATUSES, { default: 'new' }),
  balance: field.money({ default: '0' }),
  balance_currency: field.enum(CURRENCIES, { default: 'RUB' }),
  notes: field.text({ max: 5000, nullable: true }),
  market_accounts: field.computed(z.array(marketAccountRefSchema)),
  ...field.timestamps(),
});

export type SteamAccount = EntityRecord<typeof steamAccountEntity.fields>;
export type SteamAccountCreate = EntityCreate<typeof steamAccountEntity.fields>;
export type SteamAccountPatch = EntityPatch<typeof steamAccountEntity.fields>;
