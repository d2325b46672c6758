import { Button, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

import { formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

export interface SelectionBarProps {
  count: number;
  onClear: () => void;
  /** The actions on the selected rows. */
  children?: ReactNode;
  /** What is selected, when the screen words it otherwise than 'N rows selected'. */
  label?: string;
  /** Sits inside the screen's filter row instead of a band of its own above the table, worded short ('3 selected'). */
  inline?: boolean;
}

/** What is selected and what can be done with it; hidden while nothing is selected. */
export function SelectionBar({ count, onClear, children, label, inline = false }: SelectionBarProps) {
  const { t, lang } = useUiLang();
  if (count === 0) return null;
  const content = (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {label ??
          (inline
            ? t('ops.selected', { count })
            : t('bulkEdit.selected', { count, formatted: formatNumber(count, lang) }))}
      </Typography>
      {children}
      <Button size="small" onClick={onClear} sx={inline ? undefined : { ml: 'auto' }}>
        {t('bulkEdit.clear')}
      </Button>
    </>
  );
  if (inline)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="selection-bar">
        {content}
      </Stack>
    );
  return (
    <Paper
      variant="outlined"
      sx={{ px: 1.5, py: 0.5, bgcolor: 'action.selected' }}
      data-testid="selection-bar"
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {content}
      </Stack>
    </Paper>
  );
}
