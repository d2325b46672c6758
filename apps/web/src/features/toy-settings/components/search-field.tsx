import { mdiMagnify } from '@mdi/js';
import { InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { MdiIcon } from '@/components/mdi-icon';

/** The toolbar's search box (the list's search= parameter). */
export function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={t('table.search')}
      margin="none"
      sx={{ width: 260 }}
      slotProps={{
        htmlInput: { 'aria-label': t('table.search') },
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
