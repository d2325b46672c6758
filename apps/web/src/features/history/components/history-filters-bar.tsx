import { FormControlLabel, Switch, TextField } from '@mui/material';
import { CURRENCIES, RECORD_STATUSES, SIDES } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { useEnumLabel } from '@/components/entity-form/entity-field';
import { SelectFilter } from '@/components/filter-fields';
import { FilterBar } from '@/components/filter-bar';
import {
  DateRangeFilter,
  MarketAccountFilter,
  MarketFilter,
  SteamAccountFilter,
} from '@/components/list-filters';
import { MultiSelect } from '@/components/multi-select';
import { SearchField } from '@/components/search-field';

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
  const enumLabel = useEnumLabel();
  return (
    <FilterBar flush>
      <SearchField value={filters.search} onChange={(search) => onChange({ search })} width={230} />
      <MultiSelect
        label={t('fields.side')}
        values={filters.sides}
        options={SIDES.map((value) => ({ value, label: enumLabel('side', value) }))}
        onChange={(sides) => onChange({ sides })}
      />
      <MarketFilter width={160} value={filters.market} onChange={(market) => onChange({ market })} />
      <SteamAccountFilter
        width={170}
        value={filters.steamAccount}
        onChange={(steamAccount) => onChange({ steamAccount })}
      />
      <MarketAccountFilter
        width={200}
        value={filters.marketAccount}
        onChange={(marketAccount) => onChange({ marketAccount })}
        market={filters.market}
        steamAccount={filters.steamAccount}
      />
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
      <DateRangeFilter
        fromLabel={t('history.dateFrom')}
        toLabel={t('history.dateTo')}
        from={filters.dateFrom}
        to={filters.dateTo}
        onChange={(dateFrom, dateTo) => onChange({ dateFrom, dateTo })}
        width={150}
      />
      <MultiSelect
        label={t('fields.record_status')}
        values={filters.statuses}
        options={RECORD_STATUSES.map((value) => ({ value, label: enumLabel('record_status', value) }))}
        onChange={(statuses) => onChange({ statuses })}
      />
      <SelectFilter
        label={t('fields.currency')}
        width={110}
        value={filters.currency}
        onChange={(currency) => onChange({ currency })}
        options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
      />
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
