import { Box, Link, Popover } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const PANEL_SX = {
  m: 0,
  mt: 0.5,
  p: 1,
  bgcolor: 'grey.100',
  borderRadius: 1,
  fontFamily: 'monospace',
  fontSize: 12,
  maxHeight: 240,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/** What a details panel shows: a value as indented JSON, a string (the bots' own English) as it is. */
export function detailsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? '';
}

export interface ResultDetailsProps {
  /** The raw values behind the sentence (result, error, the bots' message...), shown one after another. */
  values: unknown[];
  /** Shown first, before the toggle, e.g. the sentence. */
  children?: ReactNode;
  /** The panel opens over the page (inside a table row, whose height is fixed), not below the sentence. */
  popover?: boolean;
}

/**
 * A sentence with its raw data behind a «Подробнее» toggle: the operator reads the sentence, the raw JSON
 * and the bots' English messages are there for whoever needs them (`data-details` marks the panel).
 */
export function ResultDetails({ values, children, popover = false }: ResultDetailsProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const shown = values.filter((value) => value !== null && value !== undefined && value !== '');
  return (
    <>
      {children}
      {shown.length > 0 && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant="caption"
            aria-expanded={open}
            onClick={(event) => {
              // A row's click opens its dialog; the toggle is not that click.
              event.stopPropagation();
              const target = event.currentTarget;
              setAnchor((current) => (current ? null : target));
            }}
            sx={{ verticalAlign: 'baseline' }}
          >
            {open ? t('jobResults.hideDetails') : t('jobResults.details')}
          </Link>
          {open && !popover && (
            <Box component="pre" data-details="" data-testid="result-details" sx={PANEL_SX}>
              {shown.map(detailsText).join('\n\n')}
            </Box>
          )}
          {popover && (
            <Popover
              open={open}
              anchorEl={anchor}
              onClose={() => setAnchor(null)}
              onClick={(event) => event.stopPropagation()}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
              slotProps={{ paper: { sx: { maxWidth: 560 } } }}
            >
              <Box component="pre" data-details="" data-testid="result-details" sx={{ ...PANEL_SX, m: 0 }}>
                {shown.map(detailsText).join('\n\n')}
              </Box>
            </Popover>
          )}
        </>
      )}
    </>
  );
}
