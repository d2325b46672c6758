import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';

import { FilterBar } from '@/components/filter-bar';
import { ToolbarFilters, type FilterStateProps } from '@/components/toolbar-filters';
import { useUiLang } from '@/lib/use-ui-lang';

import {
  matchingPreset,
  presetRange,
  RANGE_PRESETS,
  type ProfitFilters,
  type ReportCurrency,
} from '../utils/profit-range';
import { ItemNameField } from './item-name-field';

export interface ProfitPeriodBarProps extends FilterStateProps<ProfitFilters> {
  currency: ReportCurrency;
  onCurrencyChange: (currency: ReportCurrency) => void;
  /** "Now" for the quick choices (a prop so a test can fix the day). */
  now: Date;
}

/** The period (quick choices and two days), the filters by market, accounts and item, and the currency. */
export function ProfitPeriodBar({
  filters,
  onChange,
  currency,
  onCurrencyChange,
  now,
}: ProfitPeriodBarProps) {
  const { t } = useUiLang();
  const chosen = matchingPreset({ from: filters.dateFrom, to: filters.dateTo }, now);
  return (
    <FilterBar flush>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={chosen}
        aria-label={t('profit.period')}
        onChange={(_, preset: (typeof RANGE_PRESETS)[number] | null) => {
          if (!preset) return;
          const range = presetRange(preset, now);
          onChange({ dateFrom: range.from, dateTo: range.to });
        }}
      >
        {RANGE_PRESETS.map((preset) => (
          <ToggleButton key={preset} value={preset} sx={{ px: 1.25, textTransform: 'none' }}>
            {t(`profit.preset.${preset}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToolbarFilters
        filters={filters}
        onChange={onChange}
        specs={[
          {
            kind: 'dates',
            from: 'dateFrom',
            to: 'dateTo',
            labels: [t('profit.dateFrom'), t('profit.dateTo')],
            width: 150,
          },
          { kind: 'market', key: 'market', width: 160, also: { marketAccount: '' } },
          { kind: 'steamAccount', key: 'steamAccount', width: 170 },
          {
            kind: 'marketAccount',
            key: 'marketAccount',
            market: 'market',
            steamAccount: 'steamAccount',
            width: 200,
          },
        ]}
      />
      <ItemNameField value={filters.item} onChange={(item) => onChange({ item })} width={300} />
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={currency}
          aria-label={t('profit.currency')}
          onChange={(_, next: ReportCurrency | null) => next && onCurrencyChange(next)}
        >
          <ToggleButton value="RUB">RUB</ToggleButton>
          <ToggleButton value="USD">USD</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
    </FilterBar>
  );
}
