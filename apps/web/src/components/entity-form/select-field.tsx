import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

export type SelectFieldProps = Omit<TextFieldProps, 'select' | 'children'> & {
  options: readonly SelectOption[];
  /** The label of an empty first choice (the field may be left unset), or none when a choice is needed. */
  noneLabel?: string;
};

/** A form's drop-down of fixed choices: a TextField in select mode with one menu item per option. */
export function SelectField({ options, noneLabel, ...props }: SelectFieldProps) {
  return (
    <TextField {...props} select>
      {noneLabel !== undefined && <MenuItem value="">{noneLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
