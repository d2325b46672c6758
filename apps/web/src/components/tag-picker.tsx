import { Autocomplete, Chip, TextField } from '@mui/material';

import { useCommonData } from '@/lib/common-data';

import { contrastText } from './tag-chips';

export interface TagPickerProps {
  /** The input's id (a form's field id). */
  id?: string;
  label: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Picks tags of the common data by id, shown as coloured chips. */
export function TagPicker({ id, label, value, onChange, error, disabled }: TagPickerProps) {
  const common = useCommonData();
  const selected = common.tags.filter((tag) => value.includes(tag.id));
  return (
    <Autocomplete
      multiple
      disabled={disabled}
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
        <TextField {...params} id={id} label={label} error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
