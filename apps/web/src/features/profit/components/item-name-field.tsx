import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export interface ItemNameFieldProps {
  value: string;
  onChange: (name: string) => void;
  width: number;
}

/** How many names the list offers: enough to pick from, small enough to read. */
const SUGGESTIONS = 20;

/**
 * The profit screen's item filter: an exact market hash name (the summaries filter by it), typed or picked
 * from the catalogue's names matching what was typed (GET /api/toy/toys/?search=, two letters at least).
 */
export function ItemNameField({ value, onChange, width }: ItemNameFieldProps) {
  const { t } = useTranslation();
  const typed = useDebouncedValue(value.trim());
  const names = useQuery({
    queryKey: ['api', 'toys.list', 'names', typed] as const,
    enabled: typed.length >= 2,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'toys.list',
          { query: { search: typed, page_size: SUGGESTIONS, ordering: 'market_hash_name' } },
          { signal },
        ),
      ).results.map((toy) => toy.market_hash_name),
  });
  return (
    <Autocomplete
      freeSolo
      options={typed.length >= 2 ? (names.data ?? []) : []}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      filterOptions={(options) => options}
      loading={names.isFetching}
      sx={{ width }}
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          label={t('profit.item')}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'profit-item' } }}
        />
      )}
    />
  );
}
