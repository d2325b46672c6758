import { Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatNumber } from '@/lib/format';

export interface SelectionBarProps {
  count: number;
  onClear: () => void;
  /** The actions on the selected rows. */
  children?: ReactNode;
}

/** What is selected and what can be done with it; hidden while nothing is selected. */
export function SelectionBar({ count, onClear, children }: SelectionBarProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  if (count === 0) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ px: 1.5, py: 0.5, bgcolor: 'action.selected' }}
      data-testid="selection-bar"
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('bulkEdit.selected', { count, formatted: formatNumber(count, lang) })}
        </Typography>
        {children}
        <Button size="small" onClick={onClear} sx={{ ml: 'auto' }}>
          {t('bulkEdit.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}
