import { TextField } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { TagFilterProps } from './tag-filter-autocomplete';

export type { TagFilterProps } from './tag-filter-autocomplete';

// MUI's Autocomplete is 8.4 KB gzip and the first screen (the Steam accounts list) shows a tags filter: it
// loads when the operator reaches for the filter, not with the list (bench:web's first-screen scripts).
const TagFilterAutocomplete = lazy(() => import('./tag-filter-autocomplete'));

/**
 * A toolbar's filter by tags. Until it is used it is a plain field that looks the same; the first focus (or
 * a value already chosen) brings the searchable list in its place, open and focused.
 */
export function TagFilter(props: TagFilterProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <TextField
      margin="none"
      label={t('fields.tags')}
      sx={{ width: props.width }}
      onFocus={() => setWanted(true)}
      slotProps={{ htmlInput: { role: 'combobox', 'aria-expanded': false, readOnly: true } }}
    />
  );
  if (!wanted && props.value.length === 0) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <TagFilterAutocomplete {...props} autoFocus={wanted} />
    </Suspense>
  );
}
