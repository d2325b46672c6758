import { FormControlLabel, Switch } from '@mui/material';
import { CURRENCIES, RECORD_STATUSES, SIDES } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { FilterBar } from '@/components/filter-bar';
import { ToolbarFilters, type FilterStateProps } from '@/components/toolbar-filters';

import type { HistoryFilters } from '../utils/history-filters';

const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));

/** Search and filters of the history: side, market, accounts, price range, days, status, currency. */
export function HistoryFiltersBar({ filters, onChange }: FilterStateProps<HistoryFilters>) {
  const { t } = useTranslation();
  return (
    <FilterBar flush>
      <ToolbarFilters
        filters={filters}
        onChange={onChange}
        specs={[
          { kind: 'search', key: 'search', width: 230 },
          { kind: 'enums', key: 'sides', field: 'side', values: SIDES },
          { kind: 'market', key: 'market', width: 160 },
          { kind: 'steamAccount', key: 'steamAccount', width: 170 },
          {
            kind: 'marketAccount',
            key: 'marketAccount',
            market: 'market',
            steamAccount: 'steamAccount',
            width: 200,
          },
          { kind: 'text', key: 'priceFrom', label: t('history.priceFrom'), decimal: true, width: 100 },
          { kind: 'text', key: 'priceTo', label: t('history.priceTo'), decimal: true, width: 100 },
          {
            kind: 'dates',
            from: 'dateFrom',
            to: 'dateTo',
            labels: [t('history.dateFrom'), t('history.dateTo')],
            width: 150,
          },
          { kind: 'enums', key: 'statuses', field: 'record_status', values: RECORD_STATUSES },
          { kind: 'select', key: 'currency', options: CURRENCY_OPTIONS, width: 110 },
        ]}
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
