import type { MarketCode, MarketFee, MarketFeeCreate, MarketFeePatch } from '@toydesk/contract';

/** What the operator typed in the fee dialog: texts as typed, the comma accepted for the point. */
export interface FeeDraft {
  percent: string;
  fixedAmount: string;
  fixedCurrency: 'RUB' | 'USD';
  source: string;
}

const PERCENT = /^\d{1,2}([.,]\d{1,6})?$/;
const AMOUNT = /^\d{1,12}([.,]\d{1,2})?$/;

/** The figures of a fee row a draft starts from and is compared with. */
export type FeeFigures = Pick<MarketFee, 'percent' | 'fixed_amount' | 'fixed_currency' | 'source'>;

/** No row for a market and side: no fee. */
export const NO_FEE: FeeFigures = { percent: '0', fixed_amount: '0.00', fixed_currency: 'RUB', source: null };

export const feeDraftOf = (fee: FeeFigures): FeeDraft => ({
  percent: trimZeros(fee.percent),
  fixedAmount: fee.fixed_amount,
  fixedCurrency: fee.fixed_currency === 'USD' ? 'USD' : 'RUB',
  source: fee.source ?? '',
});

/** "5.000000" → "5", "2.500000" → "2.5": the percent as people write it. */
export function trimZeros(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

export interface FeeDraftCheck {
  percent?: 'percentInvalid';
  fixedAmount?: 'amountInvalid';
}

/** The fields a draft gets wrong (same bounds as the contract: a percent 0 to below 100, an amount ≥ 0). */
export function checkFeeDraft(draft: FeeDraft): FeeDraftCheck {
  const check: FeeDraftCheck = {};
  if (!PERCENT.test(draft.percent.trim())) check.percent = 'percentInvalid';
  if (!AMOUNT.test(draft.fixedAmount.trim())) check.fixedAmount = 'amountInvalid';
  return check;
}

const same = (a: string, b: string) => Number(a) === Number(b);

/** The PATCH body of the fields that changed; empty when nothing did. */
export function feePatch(fee: FeeFigures, draft: FeeDraft): MarketFeePatch {
  const patch: MarketFeePatch = {};
  const percent = draft.percent.trim().replace(',', '.');
  const amount = draft.fixedAmount.trim().replace(',', '.');
  if (!same(percent, fee.percent)) patch.percent = percent;
  if (!same(amount, fee.fixed_amount)) patch.fixed_amount = amount;
  if (draft.fixedCurrency !== fee.fixed_currency) patch.fixed_currency = draft.fixedCurrency;
  const source = draft.source.trim();
  if (source !== (fee.source ?? '')) patch.source = source === '' ? null : source;
  return patch;
}

/** The POST body of a new fee row for a market and side from a checked draft. */
export function feeCreate(market: MarketCode, side: 'buy' | 'sell', draft: FeeDraft): MarketFeeCreate {
  const source = draft.source.trim();
  return {
    market,
    side,
    percent: draft.percent.trim().replace(',', '.'),
    fixed_amount: draft.fixedAmount.trim().replace(',', '.'),
    fixed_currency: draft.fixedCurrency,
    source: source === '' ? null : source,
  };
}

/** The markets and sides without a fee row yet, in the markets' order, as `market/side` keys. */
export function freeFeeSlots(
  markets: readonly MarketCode[],
  fees: readonly Pick<MarketFee, 'market' | 'side'>[],
): { market: MarketCode; side: 'buy' | 'sell' }[] {
  const taken = new Set(fees.map((f) => `${f.market}/${f.side}`));
  return markets.flatMap((market) =>
    (['sell', 'buy'] as const)
      .filter((side) => !taken.has(`${market}/${side}`))
      .map((side) => ({ market, side })),
  );
}
