import { mdiMagnify } from '@mdi/js';
import { InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { MdiIcon } from './mdi-icon';

export interface SearchFieldProps {
  value: string;
  onChange: (text: string) => void;
  width?: number;
  /** Placeholder and accessible name; 'Search' unless the screen searches something narrower. */
  label?: string;
}

/** A toolbar's search box: no visible label, so the placeholder doubles as its accessible name. */
export function SearchField({ value, onChange, width = 260, label }: SearchFieldProps) {
  const { t } = useTranslation();
  const text = label ?? t('table.search');
  return (
    <TextField
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={text}
      margin="none"
      sx={{ width }}
      slotProps={{
        htmlInput: { 'aria-label': text },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <MdiIcon path={mdiMagnify} fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
