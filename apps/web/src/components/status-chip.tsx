import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { PALETTE } from '@/lib/theme';

type Tone = 'success' | 'info' | 'warning' | 'error' | 'default';

const COLORS: Record<string, Tone> = {
  active: 'success',
  on_sale: 'success',
  normal: 'success',
  up: 'success',
  done: 'success',
  in_inventory: 'success',
  sold: 'info',
  delivered: 'info',
  delivering: 'info',
  // bot_delivery's states in flight (pending, delivered and failed are above).
  sent: 'info',
  trade_ready: 'info',
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

// MUI's default success green; the other tones are the theme's own.
const TONE_COLORS: Record<Tone, string> = {
  success: '#2e7d32',
  info: PALETTE.info,
  warning: PALETTE.warning,
  error: PALETTE.error,
  default: 'rgba(0, 0, 0, 0.87)',
};

const base: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  height: 20,
  padding: '0 7px',
  border: '1px solid',
  borderRadius: 10,
  fontSize: 11,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  boxSizing: 'border-box',
};

// Built once per tone: a badge is a bare <span> with a shared style object, no Emotion class made at render.
const TONE_STYLES = Object.fromEntries(
  Object.entries(TONE_COLORS).map(([tone, color]) => [
    tone,
    { ...base, color, borderColor: tone === 'default' ? '#bdbdbd' : color },
  ]),
) as Record<Tone, CSSProperties>;

/**
 * A status value as an outlined chip, hookless and without MUI: table cells mount dozens per scroll frame
 * (bench:web), so the caller passes the translated label.
 */
export function StatusBadge({ value, label }: { value: string | null | undefined; label?: string }) {
  if (!value) return <>—</>;
  return (
    <span data-status={value} style={TONE_STYLES[COLORS[value] ?? 'default']}>
      {label ?? value}
    </span>
  );
}

/** A status value as a coloured chip with its translated name. */
export function StatusChip({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <StatusBadge
      value={value}
      label={value ? t(`enums.status.${value}`, { defaultValue: value }) : undefined}
    />
  );
}
