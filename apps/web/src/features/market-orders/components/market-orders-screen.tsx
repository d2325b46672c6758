import { mdiRefresh } from '@mdi/js';
import { Alert, Chip, IconButton, Paper, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { BOT_SERVICE_MARKETS, type BotServiceMarket } from '@toydesk/contract';
import { useDeferredValue, useMemo, useState } from 'react';

import { AppLink } from '@/components/app-link';
import { SelectFilter } from '@/components/filter-fields';
import { FilterBar } from '@/components/filter-bar';
import { ItemNameCell } from '@/components/item-name-cell';
import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { MoneyText } from '@/components/money-text';
import { Page } from '@/components/page';
import { SearchField } from '@/components/search-field';
import { VirtualTable, type TableSort, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { paths } from '@/config/paths';
import { useCommonData } from '@/lib/common-data';
import { formatNumber } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { useOrdersRead } from '../api/use-orders-read';
import { filterOrders, type BotOrder } from '../utils/filter-orders';
import { FailedAccountsAlert, mergeFailedAccounts } from './failed-accounts-alert';
import { OrderSettingsTable } from './order-settings-table';

/** The listing link of an order: tm-mhn and cs7_proxy orders are on the tm and cs7 sites. */
const LISTING_MARKET: Record<BotServiceMarket, string> = {
  tm: 'tm',
  'tm-mhn': 'tm',
  dmarket: 'dmarket',
  cs7: 'cs7',
  cs7_proxy: 'cs7',
};

/**
 * /market-account/orders/{tab}: the active buy orders of the market accounts, a tab per market of the bot
 * services' order processing, read live through get-active-orders and get-active-orders-stats.
 */
export function MarketOrdersScreen({ market: tab }: { market?: string }) {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const market: BotServiceMarket = (BOT_SERVICE_MARKETS as readonly string[]).includes(tab ?? '')
    ? (tab as BotServiceMarket)
    : 'tm';
  const orders = useOrdersRead('orders', market);
  const stats = useOrdersRead('stats', market);
  const [account, setAccount] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<TableSort | null>(null);

  const labels = useMemo(() => {
    const out = new Map<number, string>();
    for (const steam of common.steamAccounts)
      for (const item of steam.market_accounts) out.set(item.id, item.label);
    return out;
  }, [common.steamAccounts]);
  const labelOf = (id: number) => labels.get(id) ?? `#${id}`;

  const all = useMemo(() => orders.data?.orders ?? [], [orders.data]);
  const failed = useMemo(
    () => mergeFailedAccounts(orders.data?.failed_accounts, stats.data?.failed_accounts),
    [orders.data, stats.data],
  );
  const visible = useMemo(
    () => filterOrders(all, { account, search: deferredSearch }, sort),
    [all, account, deferredSearch, sort],
  );
  const accounts = useMemo(() => {
    const ids = new Set<number>([
      ...(orders.data?.accounts.map((item) => item.market_account) ?? []),
      ...(stats.data?.accounts.map((item) => item.market_account) ?? []),
    ]);
    return [...ids].sort((a, b) => a - b);
  }, [orders.data, stats.data]);

  const columns = useMemo<VirtualColumn<BotOrder>[]>(
    () => [
      {
        id: 'market_hash_name',
        header: t('fields.market_hash_name'),
        width: 320,
        grow: 1,
        sortable: true,
        render: (row) => <ItemNameCell name={row.market_hash_name} market={LISTING_MARKET[market]} />,
      },
      {
        id: 'market_account',
        header: t('fields.market_account'),
        width: 220,
        sortable: true,
        render: (row) => labels.get(row.market_account) ?? `#${row.market_account}`,
      },
      {
        id: 'price',
        header: t('fields.price'),
        width: 130,
        align: 'right',
        sortable: true,
        render: (row) => <MoneyText amount={row.price} currency={row.currency} />,
      },
      {
        id: 'count',
        header: t('marketOrders.count'),
        width: 100,
        align: 'right',
        sortable: true,
        render: (row) => formatNumber(row.count, lang),
      },
      {
        id: 'phase',
        header: t('marketOrders.phase'),
        width: 120,
        sortable: true,
        render: (row) => row.phase,
      },
      { id: 'id', header: t('marketOrders.orderId'), width: 140, render: (row) => row.id },
    ],
    [t, lang, labels, market],
  );

  const refresh = () => {
    orders.refetch();
    stats.refetch();
  };

  return (
    <Page title={t('nav.marketAccountOrders')}>
      <Tabs value={market} variant="scrollable" scrollButtons="auto" sx={{ mb: 1, minHeight: 36 }}>
        {BOT_SERVICE_MARKETS.map((code) => (
          <Tab
            key={code}
            value={code}
            label={t(`marketOrders.tab.${code}`)}
            component={AppLink}
            to={paths.marketAccount.orders.getHref(code)}
            sx={{ minHeight: 36 }}
          />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: 1, mb: 1 }} data-testid="orders-stats">
        {stats.data ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {t('marketOrders.statsLine', {
                orders: formatNumber(stats.data.orders, lang),
                items: formatNumber(stats.data.items, lang),
              })}
            </Typography>
            {stats.data.totals.map((total) => (
              <Chip
                key={total.currency}
                size="small"
                label={
                  <>
                    {formatNumber(total.count, lang)} ·{' '}
                    <MoneyText amount={total.total} currency={total.currency} />
                  </>
                }
              />
            ))}
            {stats.data.accounts.map((item) => (
              <Chip
                key={item.market_account}
                size="small"
                variant={account === item.market_account ? 'filled' : 'outlined'}
                color={account === item.market_account ? 'primary' : 'default'}
                onClick={() => setAccount(account === item.market_account ? null : item.market_account)}
                label={`${labelOf(item.market_account)}: ${formatNumber(item.orders, lang)} / ${item.total}`}
              />
            ))}
          </Stack>
        ) : stats.error ? (
          <Alert severity="error" sx={{ py: 0 }}>
            {t('marketOrders.statsFailed', { error: stats.error })}
          </Alert>
        ) : (
          <JobProgress job={stats.job} starting={!stats.job} title={t('marketOrders.statsLoading')} />
        )}
      </Paper>
      <FilterBar>
        <SearchField value={search} onChange={setSearch} />
        <SelectFilter
          label={t('fields.market_account')}
          width={240}
          value={account === null ? '' : String(account)}
          onChange={(value) => setAccount(value ? Number(value) : null)}
          options={accounts.map((id) => ({ value: String(id), label: labelOf(id) }))}
        />
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} data-testid="orders-row-count">
          {visible.length === all.length
            ? t('table.rows', { count: all.length, formatted: formatNumber(all.length, lang) })
            : t('table.shownOf', {
                shown: formatNumber(visible.length, lang),
                total: formatNumber(all.length, lang),
              })}
        </Typography>
        <Tooltip title={t('table.refresh')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('table.refresh')}
              disabled={orders.loading || stats.loading}
              onClick={refresh}
            >
              <MdiIcon path={mdiRefresh} fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </FilterBar>
      {orders.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('marketOrders.ordersFailed', { error: orders.error })}
        </Alert>
      )}
      <FailedAccountsAlert failed={failed} labelOf={labelOf} />
      {orders.loading && orders.job && (
        <JobProgress job={orders.job} title={t('marketOrders.ordersLoading')} />
      )}
      <VirtualTable
        rows={visible}
        columns={columns}
        getRowId={(row) => `${row.market_account}:${row.id}`}
        label={t('nav.marketAccountOrders')}
        sort={sort}
        onSortChange={setSort}
        loading={orders.loading}
        emptyText={orders.loading ? t('marketOrders.ordersLoading') : t('table.empty')}
        height="calc(50vh - 150px)"
      />
      <Typography variant="subtitle1" sx={{ mt: 2, mb: 0.5 }}>
        {t('marketOrders.settings')}
      </Typography>
      <OrderSettingsTable market={LISTING_MARKET[market]} />
    </Page>
  );
}
