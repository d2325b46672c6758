import { Tooltip, Typography } from '@mui/material';
import type { Market } from '@toydesk/contract';
import { useContext } from 'react';

import { CommonDataContext } from '@/lib/common-data';
import { useUiLang } from '@/lib/use-ui-lang';

type RatedMarket = Pick<Market, 'code' | 'name' | 'usd_to_rub_rate' | 'eur_to_rub_rate' | 'rates_set_at'>;

/**
 * The date (operator's local day) of a rates timestamp: «25.11.2026» / «11/25/2026». Written out by hand
 * rather than with Intl.DateTimeFormat: every converted amount's tooltip names this date, and the first
 * Intl date formatter a page builds loads the locale's calendar data (~40 ms of the Steam accounts
 * screen's first render in bench:web's profile), for a format that never changes.
 */
export function formatRatesDate(value: string, lang: 'ru' | 'en'): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = String(date.getDate()).padStart(2, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const year = String(date.getFullYear()).padStart(4, '0');
  return lang === 'en' ? `${month}/${day}/${year}` : `${day}.${month}.${year}`;
}

/** 92.500000 → 92.5: a rate as an operator typed it. */
const plainRate = (value: string): string => (Number.isFinite(Number(value)) ? String(Number(value)) : value);

/**
 * When the rates behind a converted total were set: one market's date, or (a total over several markets)
 * the latest one, which is what changes when an operator edits a rate.
 */
export function ratesSetAt(markets: readonly RatedMarket[], code?: string): string | null {
  const dates = markets
    .filter((market) => code === undefined || market.code === code)
    .map((market) => market.rates_set_at)
    .filter((value): value is string => typeof value === 'string');
  return dates.reduce<string | null>(
    (latest, value) => (latest === null || value > latest ? value : latest),
    null,
  );
}

export interface RateDateHintProps {
  /** The market whose rates converted the total; all markets when left out. */
  market?: string;
}

/**
 * «по курсу от 25.11.2026» beside a total converted to ₽ with the markets' rates (spec section 5): the one
 * place that says which rates a converted total used, with each market's rates in its tooltip.
 */
export function RateDateHint({ market }: RateDateHintProps) {
  const { t, lang } = useUiLang();
  const common = useContext(CommonDataContext);
  const markets = (common?.markets ?? []).filter((m) => market === undefined || m.code === market);
  const at = ratesSetAt(markets);
  const text = at
    ? t('marketsRef.rateDate', { date: formatRatesDate(at, lang) })
    : t('marketsRef.rateDateUnknown');
  const details = markets.map((m) =>
    t('marketsRef.rateDateTooltip', {
      name: m.name,
      usd: plainRate(m.usd_to_rub_rate),
      eur: plainRate(m.eur_to_rub_rate),
      date: m.rates_set_at ? formatRatesDate(m.rates_set_at, lang) : '—',
    }),
  );
  return (
    <Tooltip title={details.join('\n')} slotProps={{ tooltip: { sx: { whiteSpace: 'pre-line' } } }}>
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        data-testid="rate-date-hint"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {text}
      </Typography>
    </Tooltip>
  );
}
