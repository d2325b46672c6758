import { MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { FilterOption } from '@/lib/filter-options';

export interface SelectFilterProps {
  label: ReactNode;
  /** '' is the first choice: no filter. */
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  width: number;
  /** The text of the '' choice; «Все» by default («Все маркеты» for a market filter). */
  allLabel?: ReactNode;
}

/** One value of a toolbar's filter chosen from a list, the first choice being no filter. */
export function SelectFilter({ label, value, onChange, options, width, allLabel }: SelectFilterProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      margin="none"
      label={label}
      sx={{ width }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <MenuItem value="">{allLabel ?? t('common.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface DateFilterProps {
  label: ReactNode;
  /** yyyy-mm-dd, or '' for no bound. */
  value: string;
  onChange: (value: string) => void;
  width?: number;
}

/** One end of a toolbar's date range; the label stays up because the browser's date input is never empty. */
export function DateFilter({ label, value, onChange, width = 160 }: DateFilterProps) {
  return (
    <TextField
      margin="none"
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
