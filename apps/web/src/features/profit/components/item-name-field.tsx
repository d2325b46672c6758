import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
 * The profit screen's item filter: an exact market hash name (the summaries filter by it), picked from the
 * catalogue's names matching what was typed (GET /api/toy/toys/?search=, two letters at least) or typed whole.
 * The screen filters once a name is chosen (a pick, Enter, leaving the field, the clear button), not on every
 * letter: half a name matches nothing and would blank every figure while typing.
 */
export function ItemNameField({ value, onChange, width }: ItemNameFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // A name set from elsewhere (a click on a name in the lists, the URL) replaces what is typed (React's
  // "adjusting state when a prop changes", during render rather than in an effect).
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  const commit = (name: string) => {
    if (name.trim() !== value) onChange(name.trim());
  };
  const typed = useDebouncedValue(text.trim());
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
      value={value || null}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      onChange={(_event, next) => commit(next ?? '')}
      onBlur={() => commit(text)}
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
