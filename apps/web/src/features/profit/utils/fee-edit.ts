import type { MarketFee, MarketFeePatch } from '@toydesk/contract';

/** What the operator typed in the fee dialog: texts as typed, the comma accepted for the point. */
export interface FeeDraft {
  percent: string;
  fixedAmount: string;
  fixedCurrency: 'RUB' | 'USD';
  source: string;
}

const PERCENT = /^\d{1,2}([.,]\d{1,6})?$/;
const AMOUNT = /^\d{1,12}([.,]\d{1,2})?$/;

export const feeDraftOf = (fee: MarketFee): FeeDraft => ({
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
export function feePatch(fee: MarketFee, draft: FeeDraft): MarketFeePatch {
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
