import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { useCommonData } from '@/lib/common-data';

export interface TagFilterProps {
  /** The chosen tags' ids; none means no filter. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  width: number;
}

/** The filter by tags of the common data: the rows with any of the chosen tags. Loaded by TagFilter. */
export default function TagFilterAutocomplete({
  value,
  onChange,
  width,
  autoFocus,
}: TagFilterProps & { autoFocus: boolean }) {
  const { t } = useTranslation();
  const common = useCommonData();
  return (
    <Autocomplete
      multiple
      limitTags={2}
      openOnFocus
      options={common.tags}
      value={common.tags.filter((tag) => value.includes(tag.id))}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, tags) => onChange(tags.map((tag) => tag.id))}
      renderInput={(params) => (
        <TextField {...params} margin="none" label={t('fields.tags')} autoFocus={autoFocus} />
      )}
      sx={{ width }}
    />
  );
}
