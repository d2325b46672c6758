import { mdiChevronLeft, mdiChevronRight, mdiCodeJson, mdiFileDelimitedOutline } from '@mdi/js';
import {
  Alert,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { DailyReportRow, DailyReportTotals } from '@toydesk/contract';
import { useMemo, useState, type ReactNode } from 'react';

import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { useCommonData } from '@/lib/common-data';
import { formatAmount, formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { dailyReportUrl, useDailyReport } from '../api/daily-report';
import { isReportDay, shiftDay, todayUtc } from '../utils/report-day';

type Currency = 'RUB' | 'USD';

const NUMERIC = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const POSITIVE = { color: '#2e7d32' } as const;
const NEGATIVE = { color: '#c62828' } as const;

/** The sums a row and the totals share, in the chosen currency. */
function converted(row: DailyReportRow | DailyReportTotals, currency: Currency) {
  return currency === 'USD'
    ? { bought: row.volume_bought_usd, sold: row.volume_sold_usd, fees: row.fees_usd, profit: row.profit_usd }
    : {
        bought: row.volume_bought_rub,
        sold: row.volume_sold_rub,
        fees: row.fees_rub,
        profit: row.profit_rub,
      };
}

const profitStyle = (profit: string) =>
  Number(profit) > 0 ? POSITIVE : Number(profit) < 0 ? NEGATIVE : undefined;

/**
 * The daily report (issue 16): one UTC day's trading per market account and deal currency — deals bought
 * and sold, volume in the market's currency and converted, fees, realised profit, failed deliveries and
 * alerts — with the totals, and the same report as a JSON or CSV file.
 */
export function DailyReportScreen() {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const today = todayUtc();
  const [date, setDate] = useState(() => shiftDay(today, -1));
  const [typed, setTyped] = useState(date);
  const [currency, setCurrency] = useState<Currency>('RUB');
  const report = useDailyReport(date);
  const data = report.data;

  const marketName = useMemo(() => {
    const names = new Map<string, string>(common.markets.map((m) => [m.code, m.name]));
    return (code: string | null) => (code === null ? t('dailyReport.noMarket') : (names.get(code) ?? code));
  }, [common.markets, t]);

  const go = (day: string) => {
    setTyped(day);
    if (isReportDay(day, today)) setDate(day);
  };

  const localTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ru-RU', {
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(iso));

  const moneyCells = (row: DailyReportRow | DailyReportTotals): ReactNode => {
    const c = converted(row, currency);
    return (
      <>
        <TableCell sx={NUMERIC}>{row.deals_bought ? formatAmount(c.bought, currency, lang) : '—'}</TableCell>
        <TableCell sx={NUMERIC}>{row.deals_sold ? formatAmount(c.sold, currency, lang) : '—'}</TableCell>
        <TableCell sx={NUMERIC}>{formatAmount(c.fees, currency, lang)}</TableCell>
        <TableCell sx={{ ...NUMERIC, ...profitStyle(c.profit) }} data-testid="report-profit">
          {formatAmount(c.profit, currency, lang)}
        </TableCell>
      </>
    );
  };

  const countCells = (row: DailyReportRow | DailyReportTotals): ReactNode => (
    <>
      <TableCell sx={NUMERIC}>{formatNumber(row.unbought_sales, lang)}</TableCell>
      <TableCell sx={{ ...NUMERIC, ...(row.failed_deliveries > 0 ? NEGATIVE : {}) }}>
        {formatNumber(row.failed_deliveries, lang)}
      </TableCell>
      <TableCell sx={NUMERIC}>{formatNumber(row.alerts, lang)}</TableCell>
    </>
  );

  return (
    <Page
      title={t('dailyReport.title')}
      actions={
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            href={dailyReportUrl(date, 'json')}
            download={`daily-report-${date}.json`}
            startIcon={<MdiIcon path={mdiCodeJson} fontSize="small" />}
          >
            {t('dailyReport.downloadJson')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            href={dailyReportUrl(date, 'csv')}
            download={`daily-report-${date}.csv`}
            startIcon={<MdiIcon path={mdiFileDelimitedOutline} fontSize="small" />}
          >
            {t('dailyReport.downloadCsv')}
          </Button>
        </Stack>
      }
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Tooltip title={t('dailyReport.previousDay')}>
          <IconButton aria-label={t('dailyReport.previousDay')} onClick={() => go(shiftDay(date, -1))}>
            <MdiIcon path={mdiChevronLeft} />
          </IconButton>
        </Tooltip>
        <TextField
          type="date"
          size="small"
          margin="none"
          label={t('dailyReport.date')}
          value={typed}
          onChange={(event) => go(event.target.value)}
          error={!isReportDay(typed, today)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { max: today, 'data-testid': 'report-date' },
          }}
          sx={{ width: 170 }}
        />
        <Tooltip title={t('dailyReport.nextDay')}>
          <span>
            <IconButton
              aria-label={t('dailyReport.nextDay')}
              disabled={date >= today}
              onClick={() => go(shiftDay(date, 1))}
            >
              <MdiIcon path={mdiChevronRight} />
            </IconButton>
          </span>
        </Tooltip>
        <Button size="small" onClick={() => go(shiftDay(today, -1))} disabled={date === shiftDay(today, -1)}>
          {t('dailyReport.yesterday')}
        </Button>
        <TextField
          select
          size="small"
          margin="none"
          label={t('dailyReport.currency')}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as Currency)}
          sx={{ width: 140 }}
        >
          <MenuItem value="RUB">RUB</MenuItem>
          <MenuItem value="USD">USD</MenuItem>
        </TextField>
        {data && (
          <Typography variant="body2" color="text.secondary" data-testid="report-failed-jobs">
            {t('dailyReport.failedJobs', { count: data.totals.failed_jobs })}
          </Typography>
        )}
      </Stack>
      {data && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          {t('dailyReport.timeZoneNote', { from: localTime(data.from), to: localTime(data.to) })}{' '}
          {t('dailyReport.csvNote')}
        </Typography>
      )}
      {report.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {data && data.rows.length === 0 ? (
        <Alert severity="info" data-testid="report-empty">
          {t('dailyReport.empty')}
        </Alert>
      ) : null}
      {data && data.rows.length > 0 && (
        <TableContainer sx={{ maxHeight: 'calc(100vh - 220px)' }}>
          <Table
            // Explicit roles and row indexes, as the virtual tables have: the browser tests find rows by them.
            role="table"
            size="small"
            stickyHeader
            // Thirteen columns: narrower padding keeps them on a laptop's screen.
            sx={{ '& td, & th': { px: 1 } }}
            aria-label={t('dailyReport.table')}
            data-testid="daily-report-table"
          >
            <TableHead>
              <TableRow role="row" aria-rowindex={1}>
                <TableCell>{t('dailyReport.market')}</TableCell>
                <TableCell>{t('dailyReport.account')}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.dealsBought')}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.dealsSold')}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.volumeBought')}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.volumeSold')}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.volumeBoughtIn', { currency })}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.volumeSoldIn', { currency })}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.fees', { currency })}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.profit', { currency })}</TableCell>
                <TableCell sx={NUMERIC}>
                  <Tooltip title={t('dailyReport.unboughtHint')}>
                    <span>{t('dailyReport.unboughtSales')}</span>
                  </Tooltip>
                </TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.failedDeliveries')}</TableCell>
                <TableCell sx={NUMERIC}>{t('dailyReport.alerts')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((row, index) => (
                <TableRow
                  role="row"
                  aria-rowindex={index + 2}
                  key={`${row.market}|${row.market_account}|${row.steam_account}|${row.currency}`}
                  hover
                  data-testid="report-row"
                >
                  <TableCell>{marketName(row.market)}</TableCell>
                  <TableCell>{row.steam_account_name ?? t('dailyReport.noAccount')}</TableCell>
                  <TableCell sx={NUMERIC}>{formatNumber(row.deals_bought, lang)}</TableCell>
                  <TableCell sx={NUMERIC}>{formatNumber(row.deals_sold, lang)}</TableCell>
                  <TableCell sx={NUMERIC}>
                    {row.currency && row.deals_bought
                      ? formatAmount(row.volume_bought, row.currency, lang)
                      : '—'}
                  </TableCell>
                  <TableCell sx={NUMERIC}>
                    {row.currency && row.deals_sold ? formatAmount(row.volume_sold, row.currency, lang) : '—'}
                  </TableCell>
                  {moneyCells(row)}
                  {countCells(row)}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow
                role="row"
                aria-rowindex={data.rows.length + 2}
                data-testid="report-totals"
                sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } }}
              >
                <TableCell colSpan={2}>{t('dailyReport.totals')}</TableCell>
                <TableCell sx={NUMERIC}>{formatNumber(data.totals.deals_bought, lang)}</TableCell>
                <TableCell sx={NUMERIC}>{formatNumber(data.totals.deals_sold, lang)}</TableCell>
                <TableCell />
                <TableCell />
                {moneyCells(data.totals)}
                {countCells(data.totals)}
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
