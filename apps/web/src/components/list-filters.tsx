import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useCommonData } from '@/lib/common-data';
import { marketOptions, steamAccountOptions } from '@/lib/filter-options';

import { DateFilter, SelectFilter } from './filter-fields';

/** The toolbar filters the list screens share, built on SelectFilter and DateFilter. */

export interface MarketFilterProps {
  value: string;
  onChange: (value: string) => void;
  width: number;
  /** «Маркет» by default. */
  label?: ReactNode;
}

/** A market of the common data by its code; the first choice is «Все маркеты». */
export function MarketFilter({ value, onChange, width, label }: MarketFilterProps) {
  const { t } = useTranslation();
  const common = useCommonData();
  return (
    <SelectFilter
      label={label ?? t('fields.market')}
      width={width}
      value={value}
      onChange={onChange}
      options={marketOptions(common.markets)}
      allLabel={t('common.allMarkets')}
    />
  );
}

export interface DateRangeFilterProps {
  /** yyyy-mm-dd or '' (no bound), both ends inclusive. */
  from: string;
  to: string;
  /** Both ends, one of them changed. */
  onChange: (from: string, to: string) => void;
  fromLabel: ReactNode;
  toLabel: ReactNode;
  width?: number;
}

/** The two ends of a date range. */
export function DateRangeFilter({ from, to, onChange, fromLabel, toLabel, width }: DateRangeFilterProps) {
  return (
    <>
      <DateFilter label={fromLabel} value={from} width={width} onChange={(value) => onChange(value, to)} />
      <DateFilter label={toLabel} value={to} width={width} onChange={(value) => onChange(from, value)} />
    </>
  );
}

export interface AccountFilterProps {
  value: string;
  onChange: (value: string) => void;
  width: number;
}

/** A Steam account of the common data by its id. */
export function SteamAccountFilter({ value, onChange, width }: AccountFilterProps) {
  const { t } = useTranslation();
  const common = useCommonData();
  return (
    <SelectFilter
      label={t('fields.steam_account')}
      width={width}
      value={value}
      onChange={onChange}
      options={steamAccountOptions(common.steamAccounts)}
    />
  );
}

export interface MarketAccountFilterProps extends AccountFilterProps {
  /** Only the accounts on this market ('' for every market). */
  market?: string;
  /** Only the accounts of this Steam account (its id as a string, '' for all). */
  steamAccount?: string;
}

/** A market account of the common data by its id, by label, narrowed by the toolbar's market and Steam account. */
export function MarketAccountFilter({
  value,
  onChange,
  width,
  market,
  steamAccount,
}: MarketAccountFilterProps) {
  const { t } = useTranslation();
  const common = useCommonData();
  const options = useMemo(
    () =>
      common.steamAccounts
        .filter((account) => !steamAccount || String(account.id) === steamAccount)
        .flatMap((account) => account.market_accounts)
        .filter((account) => !market || account.market === market)
        .sort((a, b) => a.label.localeCompare(b.label))
        .map((account) => ({ value: String(account.id), label: account.label })),
    [common.steamAccounts, market, steamAccount],
  );
  return (
    <SelectFilter
      label={t('fields.market_account')}
      width={width}
      value={value}
      onChange={onChange}
      options={options}
    />
  );
}
