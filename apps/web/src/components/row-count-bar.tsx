import { mdiFileDelimitedOutline, mdiRefresh } from '@mdi/js';
import { Button, IconButton, Tooltip, Typography } from '@mui/material';

import { formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { MdiIcon } from './mdi-icon';

export interface RowCountBarProps {
  /** Rows in the table. */
  count: number;
  /** Rows there are: on the server ('loaded': read page by page) or before the filters ('shown'). */
  total: number;
  kind: 'loaded' | 'shown';
  onRefresh: () => void;
  /**
   * The whole list as a CSV file with the table's filters and ordering (`csvExportUrl`): every row, not only
   * the loaded ones. No button without it.
   */
  exportHref?: string;
  /** The same for a list a link cannot fetch (the bot services need their app token): a button. */
  onExport?: () => void;
}

/**
 * The end of a table's toolbar: how many rows it shows ('12 rows', 'Loaded 500 of 50,000', 'Shown 3 of 12'),
 * the CSV export of the whole list (when the screen gives its URL) and the refresh button. Placed last in a
 * row Stack: it pushes itself to the right.
 */
export function RowCountBar({ count, total, kind, onRefresh, exportHref, onExport }: RowCountBarProps) {
  const { t, lang } = useUiLang();
  const text =
    count >= total
      ? t('table.rows', { count: total, formatted: formatNumber(total, lang) })
      : kind === 'loaded'
        ? t('table.loadedOf', { loaded: formatNumber(count, lang), total: formatNumber(total, lang) })
        : t('table.shownOf', { shown: formatNumber(count, lang), total: formatNumber(total, lang) });
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        // !important: a Stack with spacing sets the margin of its children.
        sx={{ ml: 'auto !important' }}
        data-testid="row-count"
      >
        {text}
      </Typography>
      {(exportHref || onExport) && (
        // describeChild: the tooltip describes the link; its name stays «Экспорт CSV».
        <Tooltip describeChild title={t('tableExport.tooltip', { count: formatNumber(total, lang) })}>
          {exportHref ? (
            <Button
              size="small"
              component="a"
              href={exportHref}
              download
              startIcon={<MdiIcon path={mdiFileDelimitedOutline} fontSize="small" />}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('tableExport.button')}
            </Button>
          ) : (
            <Button
              size="small"
              onClick={onExport}
              startIcon={<MdiIcon path={mdiFileDelimitedOutline} fontSize="small" />}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('tableExport.button')}
            </Button>
          )}
        </Tooltip>
      )}
      <Tooltip title={t('table.refresh')}>
        <IconButton size="small" onClick={onRefresh} aria-label={t('table.refresh')}>
          <MdiIcon path={mdiRefresh} fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}
