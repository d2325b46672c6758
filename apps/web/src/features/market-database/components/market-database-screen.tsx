import { mdiDatabaseRefresh, mdiMagnify } from '@mdi/js';
import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { BOT_SERVICE_MARKETS, type BotServiceMarket } from '@toydesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { useBotAction } from '@/lib/bot-jobs';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import {
  resetDistribution,
  statsQueryKey,
  useDatabaseStats,
  useMarketAccountOptions,
  usePrices,
  useToyNames,
} from '../api/market-database';
import { ACCOUNT_MARKETS, parseMarketHashNames } from '../utils/market-names';
import { PricesTable } from './prices-table';

const sectionSx = { p: 1.5, mb: 1.5 } as const;

/**
 * The market database under Справочники: what the imported price lists hold per market (stats, the order
 * distribution over accounts and its reset), prices by name, our tm buy orders by name (browser parser)
 * and one market account's items. Calls that run as jobs are followed with their progress and result.
 */
export function MarketDatabaseScreen() {
  const { t, lang } = useUiLang();
  const queryClient = useQueryClient();
  const [market, setMarket] = useState<BotServiceMarket>('tm');
  const [namesText, setNamesText] = useState('');
  const [lookup, setLookup] = useState<string[] | null>(null);
  const [accountId, setAccountId] = useState('');
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [ordersTitle, setOrdersTitle] = useState('');

  const stats = useDatabaseStats(market);
  const toyNames = useToyNames();
  const names = lookup ?? toyNames.data ?? [];
  const prices = usePrices(market, names);
  const accounts = useMarketAccountOptions();
  const marketAccounts = useMemo(
    () => (accounts.data ?? []).filter((row) => ACCOUNT_MARKETS[market].includes(row.market)),
    [accounts.data, market],
  );
  const accountLabel = (id: number) => accounts.data?.find((row) => row.id === id)?.label ?? `#${id}`;
  const ordersJob = useBotAction();
  const itemsJob = useBotAction();

  const typedNames = parseMarketHashNames(namesText);
  const lookUpOrders = (all: boolean) => {
    setOrdersTitle(all ? t('botCalls.db.allOrders') : t('botCalls.db.ordersByNames'));
    if (all) void ordersJob.run('bot-browser-parser.get_all_orders_mhn', { query: { wait: 0 } });
    else
      void ordersJob.run('bot-browser-parser.get_orders_mhn', {
        query: { wait: 0 },
        body: { marketHashNames: typedNames },
      });
  };

  const reset = async () => {
    setResetting(true);
    try {
      const removed = await resetDistribution(market);
      notify({ text: t('botCalls.db.resetDone', { count: removed }), color: 'success' });
      setConfirmReset(false);
    } catch {
      // The request wrapper has already notified the operator.
    } finally {
      setResetting(false);
      void queryClient.invalidateQueries({ queryKey: statsQueryKey(market) });
    }
  };

  const data = stats.data;
  return (
    <Page
      title={t('botCalls.nav.marketDatabase')}
      actions={
        <TextField
          select
          size="small"
          margin="none"
          label={t('botCalls.db.market')}
          value={market}
          onChange={(event) => {
            setMarket(event.target.value as BotServiceMarket);
            setAccountId('');
          }}
          sx={{ minWidth: 160 }}
        >
          {BOT_SERVICE_MARKETS.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`botCalls.markets.${code}`)}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      <Paper variant="outlined" sx={sectionSx} data-testid="database-stats">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {data
              ? t('botCalls.db.stats', { items: data.items, withOrder: data.with_buy_order })
              : stats.isError
                ? t('botCalls.db.statsFailed')
                : t('botCalls.db.loading')}
          </Typography>
          {data && (
            <Typography variant="body2" color="text.secondary">
              {t('botCalls.db.lastImport', { at: formatDateTime(data.last_import_at, lang) })}
            </Typography>
          )}
          <Button
            size="small"
            color="warning"
            variant="outlined"
            startIcon={<MdiIcon path={mdiDatabaseRefresh} />}
            onClick={() => setConfirmReset(true)}
            disabled={!data}
            sx={{ ml: 'auto' }}
          >
            {t('botCalls.db.reset')}
          </Button>
        </Stack>
        {data && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="distribution">
            {data.distribution.length === 0
              ? t('botCalls.db.noDistribution')
              : `${t('botCalls.db.distribution')}: ${data.distribution
                  .map((row) => `${accountLabel(row.market_account)} — ${row.items}`)
                  .join(', ')}`}
          </Typography>
        )}
      </Paper>

      <Paper variant="outlined" sx={sectionSx}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={t('botCalls.db.names')}
            helperText={t('botCalls.db.namesHint')}
            multiline
            minRows={2}
            maxRows={5}
            value={namesText}
            onChange={(event) => setNamesText(event.target.value)}
            sx={{ flex: 2, minWidth: 280 }}
            margin="none"
          />
          <Stack spacing={1} sx={{ flex: 1, minWidth: 240 }}>
            <Button
              variant="contained"
              startIcon={<MdiIcon path={mdiMagnify} />}
              disabled={typedNames.length === 0}
              onClick={() => setLookup(typedNames)}
            >
              {t('botCalls.db.lookUpPrices')}
            </Button>
            <Button
              variant="outlined"
              disabled={typedNames.length === 0 || ordersJob.starting || ordersJob.active}
              onClick={() => lookUpOrders(false)}
            >
              {t('botCalls.db.ordersByNames')}
            </Button>
            <Button
              variant="outlined"
              disabled={ordersJob.starting || ordersJob.active}
              onClick={() => lookUpOrders(true)}
            >
              {t('botCalls.db.allOrders')}
            </Button>
          </Stack>
          <Stack spacing={1} sx={{ flex: 1, minWidth: 240 }}>
            <TextField
              select
              size="small"
              margin="none"
              label={t('botCalls.db.account')}
              value={accountId}
              onChange={(event) => setAccountId(event.target.value)}
            >
              {marketAccounts.map((row) => (
                <MenuItem key={row.id} value={String(row.id)}>
                  {row.label}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={!accountId || itemsJob.starting || itemsJob.active}
              onClick={() =>
                void itemsJob.run('bot-market-database.account_items', {
                  params: { market, accountId: Number(accountId) },
                  query: { wait: 0 },
                })
              }
            >
              {t('botCalls.db.accountItems')}
            </Button>
          </Stack>
        </Stack>
        <Box data-testid="orders-job">
          <JobProgress
            title={ordersTitle}
            job={ordersJob.job}
            starting={ordersJob.starting}
            startError={ordersJob.startError}
          />
        </Box>
        <Box data-testid="items-job">
          <JobProgress
            title={t('botCalls.db.accountItems')}
            job={itemsJob.job}
            starting={itemsJob.starting}
            startError={itemsJob.startError}
          />
        </Box>
      </Paper>

      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 0.5 }}>
        <Typography variant="subtitle2">
          {lookup ? t('botCalls.db.pricesOfTyped') : t('botCalls.db.pricesOfToys')}
        </Typography>
        {lookup && (
          <Button size="small" onClick={() => setLookup(null)}>
            {t('botCalls.db.backToToys')}
          </Button>
        )}
      </Stack>
      <PricesTable prices={prices.data} loading={prices.isFetching || toyNames.isLoading} />

      {confirmReset && (
        <ConfirmDialog
          title={t('botCalls.db.resetTitle', { market: t(`botCalls.markets.${market}`) })}
          text={t('botCalls.db.resetText', {
            market: t(`botCalls.markets.${market}`),
            count: data?.distribution.reduce((sum, row) => sum + row.items, 0) ?? 0,
            accounts: data?.distribution.length ?? 0,
          })}
          confirmLabel={t('botCalls.db.reset')}
          busy={resetting}
          onConfirm={() => void reset()}
          onClose={() => setConfirmReset(false)}
        />
      )}
    </Page>
  );
}
