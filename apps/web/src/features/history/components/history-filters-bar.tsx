import { FormControlLabel, MenuItem, Switch, TextField, type TextFieldProps } from '@mui/material';
import { CURRENCIES, RECORD_STATUSES, SIDES } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { useEnumLabel } from '@/components/entity-form/entity-field';
import { FilterBar } from '@/components/filter-bar';
import { MultiSelect } from '@/components/multi-select';
import { SearchField } from '@/components/search-field';
import { useCommonData } from '@/lib/common-data';

import type { HistoryFilters } from '../utils/history-filters';

/** Search and filters of the history: side, market, accounts, price range, days, status, currency. */
export function HistoryFiltersBar({
  filters,
  onChange,
}: {
  filters: HistoryFilters;
  onChange: (change: Partial<HistoryFilters>) => void;
}) {
  const { t } = useTranslation();
  const common = useCommonData();
  const enumLabel = useEnumLabel();
  const marketAccounts = common.steamAccounts
    .filter((a) => !filters.steamAccount || String(a.id) === filters.steamAccount)
    .flatMap((a) => a.market_accounts)
    .filter((m) => !filters.market || m.market === filters.market);
  const select = (label: string, value: string, key: keyof HistoryFilters, width = 170): TextFieldProps => ({
    select: true,
    margin: 'none',
    label,
    value,
    sx: { width },
    onChange: (event) => onChange({ [key]: event.target.value }),
  });
  return (
    <FilterBar flush>
      <SearchField value={filters.search} onChange={(search) => onChange({ search })} width={230} />
      <MultiSelect
        label={t('fields.side')}
        values={filters.sides}
        options={SIDES.map((value) => ({ value, label: enumLabel('side', value) }))}
        onChange={(sides) => onChange({ sides })}
      />
      <TextField {...select(t('fields.market'), filters.market, 'market', 160)}>
        <MenuItem value="">{t('common.allMarkets')}</MenuItem>
        {common.markets.map((market) => (
          <MenuItem key={market.code} value={market.code}>
            {market.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...select(t('fields.steam_account'), filters.steamAccount, 'steamAccount')}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {common.steamAccounts.map((account) => (
          <MenuItem key={account.id} value={String(account.id)}>
            {account.steam_account_name}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...select(t('fields.market_account'), filters.marketAccount, 'marketAccount', 200)}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {marketAccounts.map((account) => (
          <MenuItem key={account.id} value={String(account.id)}>
            {account.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        margin="none"
        label={t('history.priceFrom')}
        value={filters.priceFrom}
        onChange={(event) => onChange({ priceFrom: event.target.value })}
        sx={{ width: 100 }}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        margin="none"
        label={t('history.priceTo')}
        value={filters.priceTo}
        onChange={(event) => onChange({ priceTo: event.target.value })}
        sx={{ width: 100 }}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        margin="none"
        type="date"
        label={t('history.dateFrom')}
        value={filters.dateFrom}
        onChange={(event) => onChange({ dateFrom: event.target.value })}
        sx={{ width: 150 }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        margin="none"
        type="date"
        label={t('history.dateTo')}
        value={filters.dateTo}
        onChange={(event) => onChange({ dateTo: event.target.value })}
        sx={{ width: 150 }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <MultiSelect
        label={t('fields.record_status')}
        values={filters.statuses}
        options={RECORD_STATUSES.map((value) => ({ value, label: enumLabel('record_status', value) }))}
        onChange={(statuses) => onChange({ statuses })}
      />
      <TextField {...select(t('fields.currency'), filters.currency, 'currency', 110)}>
        <MenuItem value="">{t('common.all')}</MenuItem>
        {CURRENCIES.map((currency) => (
          <MenuItem key={currency} value={currency}>
            {currency}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={filters.unlinked}
            onChange={(event) => onChange({ unlinked: event.target.checked })}
          />
        }
        label={t('history.unlinkedOnly')}
      />
    </FilterBar>
  );
}
