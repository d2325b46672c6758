import { MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';

export interface MultiSelectProps {
  label: ReactNode;
  values: readonly string[];
  options: readonly { value: string; label: string }[];
  onChange: (values: string[]) => void;
  width?: number;
}

/** A compact select of several values (enum filters of a toolbar). */
export function MultiSelect({ label, values, options, onChange, width = 170 }: MultiSelectProps) {
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value;
  return (
    <TextField
      select
      margin="none"
      label={label}
      sx={{ width }}
      value={values}
      slotProps={{
        select: { multiple: true, renderValue: (selected) => (selected as string[]).map(labelOf).join(', ') },
      }}
      onChange={(event) => {
        const value = event.target.value as unknown as string[] | string;
        onChange(typeof value === 'string' ? value.split(',') : value);
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
