import { formatRuleMessage, type UiLang } from '@toydesk/contract';

export interface PriceRangeInput {
  min_price_buy?: unknown;
  max_price_buy?: unknown;
  enable_dynamic_order?: unknown;
}

const amount = (value: unknown): number | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * The dynamic-order range checks the schema cannot make: min ≤ max, and both set when dynamic orders are on
 * (the spec's required message). `current` fills in what a partial change leaves as it was.
 */
export function priceRangeErrors(
  change: PriceRangeInput,
  current: PriceRangeInput,
  lang: UiLang,
  minAboveMax: string,
): Record<string, string> | null {
  const pick = <K extends keyof PriceRangeInput>(key: K) => (key in change ? change[key] : current[key]);
  const min = amount(pick('min_price_buy'));
  const max = amount(pick('max_price_buy'));
  const errors: Record<string, string> = {};
  if (pick('enable_dynamic_order') === true) {
    if (min === null) errors.min_price_buy = formatRuleMessage('required', lang);
    if (max === null) errors.max_price_buy = formatRuleMessage('required', lang);
  }
  if (min !== null && max !== null && min > max) errors.max_price_buy = minAboveMax;
  return Object.keys(errors).length > 0 ? errors : null;
}
