import type { MarketRates } from '@toydesk/contract';

import { formatAmount, formatConverted } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { formatRatesDate } from './rate-date-hint';

export interface MoneyTextProps {
  amount: string | number | null | undefined;
  currency: string;
  /** Shows the amount converted to this currency (with rates), the original in a tooltip. */
  displayCurrency?: string;
  /** A market record: its rates, and when they were set (named in the tooltip of a converted amount). */
  rates?: MarketRates & { rates_set_at?: string | null };
}

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** An amount with its currency symbol, rounded to 2 decimals, optionally converted (spec sections 3 and 5). */
export function MoneyText({ amount, currency, displayCurrency, rates }: MoneyTextProps) {
  const { t, lang } = useUiLang();
  const original = formatAmount(amount, currency, lang);
  if (!displayCurrency || displayCurrency === currency || !rates) {
    return <span style={TABULAR}>{original}</span>;
  }
  // The browser's own tooltip, not MUI's: a table draws a converted amount in every visible row, and an MUI
  // Tooltip per amount was a large share of a list's first render (issue 15, bench:web).
  const title = rates.rates_set_at
    ? `${original} · ${t('marketsRef.rateDate', { date: formatRatesDate(rates.rates_set_at, lang) })}`
    : original;
  return (
    <span title={title} style={TABULAR}>
      {formatConverted(amount, currency, displayCurrency, rates, lang)}
    </span>
  );
}
