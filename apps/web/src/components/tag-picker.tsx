import { Autocomplete, Chip, TextField } from '@mui/material';

import { useCommonData } from '@/lib/common-data';

import { contrastText } from './tag-chips';

export interface TagPickerProps {
  label: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
}

/** Picks tags of the common data by id, shown as coloured chips. */
export function TagPicker({ label, value, onChange, error }: TagPickerProps) {
  const common = useCommonData();
  const selected = common.tags.filter((tag) => value.includes(tag.id));
  return (
    <Autocomplete
      multiple
      options={common.tags}
      value={selected}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, tags) => onChange(tags.map((tag) => tag.id))}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={tag.name}
              sx={{ bgcolor: tag.color, color: contrastText(tag.color) }}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
