import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, ChipProps['color']> = {
  active: 'success',
  on_sale: 'success',
  normal: 'success',
  up: 'success',
  done: 'success',
  in_inventory: 'success',
  sold: 'info',
  delivered: 'info',
  delivering: 'info',
  listed: 'info',
  running: 'info',
  limited: 'warning',
  paused: 'warning',
  outdated: 'warning',
  pending: 'warning',
  locked: 'error',
  banned: 'error',
  failed: 'error',
  down: 'error',
  very_outdated: 'error',
  totally_outdated: 'error',
};

/** A status value as a coloured chip with its translated name. */
export function StatusChip({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  if (!value) return <>—</>;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[value] ?? 'default'}
      label={t(`enums.status.${value}`, { defaultValue: value })}
      sx={{ height: 20, fontSize: 11 }}
    />
  );
}
