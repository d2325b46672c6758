import { CONVERTIBLE_CURRENCIES, MARKET_CODES } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field, moneyInputSchema, rateInputSchema, type FieldDef } from '../fields.ts';

export const FEE_SIDES = ['buy', 'sell'] as const;

// Number() only checks the bound of a validated decimal; nothing is summed with it.
const percentField: FieldDef<string, string, true> = {
  ...field.rate({ default: '0', description: 'Percent of the deal price, from 0 to below 100' }),
  write: rateInputSchema.refine((v) => !v.startsWith('-') && Number(v) < 100, {
    message: 'Процент от 0 до 100 (A percent from 0 to below 100)',
  }),
};
const fixedAmountField: FieldDef<string, string, true> = {
  ...field.money({ default: '0.00' }),
  write: moneyInputSchema.refine((v) => !v.startsWith('-'), {
    message: 'Сумма не может быть отрицательной (The amount cannot be negative)',
  }),
};

/**
 * A marketplace's fee on one side of a deal: percent of the price plus a fixed amount. No fee row for a market
 * and side means no fee. Profit (issue 16) subtracts it from each matched deal.
 */
export const marketFeeEntity = defineEntity('market_fee', 'Market fee', {
  id: field.id(),
  market: field.marketCode(MARKET_CODES),
  side: field.enum(FEE_SIDES),
  percent: percentField,
  fixed_amount: fixedAmountField,
  fixed_currency: field.enum(CONVERTIBLE_CURRENCIES, { default: 'RUB' }),
  source: field.text({
    max: 1000,
    nullable: true,
    description:
      "Where the figure comes from (the marketplace's published commission, an account's contract)",
  }),
  ...field.timestamps(),
});

export type MarketFee = EntityRecord<typeof marketFeeEntity.fields>;
export type MarketFeeCreate = EntityCreate<typeof marketFeeEntity.fields>;
export type MarketFeePatch = EntityPatch<typeof marketFeeEntity.fields>;
