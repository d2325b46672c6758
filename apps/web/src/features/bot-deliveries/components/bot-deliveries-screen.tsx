import { Autocomplete, TextField } from '@mui/material';
import { BOT_DELIVERY_STATES, type BotDelivery } from '@toydesk/contract';
import { useMemo, useState, type CSSProperties } from 'react';

import { BotListTable } from '@/components/bot-list-table';
import { dateTimeColumn } from '@/components/date-time-column';
import { ItemNameCell } from '@/components/item-name-cell';
import { Page } from '@/components/page';
import { StatusBadge } from '@/components/status-chip';
import { ToolbarFilters } from '@/components/toolbar-filters';
import { type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { useCommonData } from '@/lib/common-data';
import { marketAccountChoices } from '@/lib/filter-options';
import { formatAmount } from '@/lib/format';
import { PALETTE } from '@/lib/theme';
import { useUiLang } from '@/lib/use-ui-lang';

import {
  deliveriesListQuery,
  EMPTY_DELIVERY_FILTERS,
  useBotDeliveries,
  type DeliveryFilters,
} from '../api/get-bot-deliveries';
import { deliveryErrorText } from '../utils/delivery-error-text';

// Table cells stay plain elements with shared style objects: a fast scroll mounts dozens of rows per frame.
const ERROR_TEXT: CSSProperties = {
  color: PALETTE.error,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};
const MONO: CSSProperties = { fontFamily: 'monospace' };

/**
 * Deliveries of sold items (/bot-deliveries): what the bots' deliver loop recorded for each market deal
 * (bot_delivery): the item, the market account, the Steam offer, the state and its times, and why a
 * delivery failed. Read only, newest sale first, filtered by state, market account and sale date.
 */
export function BotDeliveriesScreen() {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const [filters, setFilters] = useState<DeliveryFilters>(EMPTY_DELIVERY_FILTERS);
  const deliveries = useBotDeliveries(filters);
  const patch = (change: Partial<DeliveryFilters>) => setFilters((current) => ({ ...current, ...change }));

  const accounts = useMemo(() => marketAccountChoices(common.steamAccounts), [common.steamAccounts]);
  const accountLabel = useMemo(() => new Map(accounts.map((a) => [a.id, a.label])), [accounts]);
  const stateOptions = useMemo(
    () => BOT_DELIVERY_STATES.map((value) => ({ value, label: t(`ops.deliveries.state.${value}`) })),
    [t],
  );

  const columns = useMemo<VirtualColumn<BotDelivery>[]>(() => {
    // Translated once per language, not per cell.
    const stateLabel = Object.fromEntries(stateOptions.map((o) => [o.value, o.label]));
    return [
      dateTimeColumn('sold_seen_at', t('ops.deliveries.soldAt'), lang, 140),
      {
        id: 'market_hash_name',
        header: t('fields.market_hash_name'),
        width: 320,
        grow: 1,
        render: (row) => {
          const [classid, instanceid] = (row.classid_instanceid ?? '').split('_');
          return (
            <ItemNameCell
              name={row.market_hash_name}
              market={row.market}
              classid={classid || null}
              instanceid={instanceid || null}
            />
          );
        },
      },
      {
        id: 'market_account',
        header: t('fields.market_account'),
        width: 180,
        render: (row) => accountLabel.get(row.market_account) ?? `${row.market} #${row.market_account}`,
      },
      {
        id: 'price',
        header: t('fields.price'),
        width: 120,
        align: 'right',
        render: (row) => formatAmount(row.price, row.currency, lang),
      },
      {
        id: 'state',
        header: t('ops.deliveries.stateHeader'),
        width: 140,
        render: (row) => <StatusBadge value={row.state} label={stateLabel[row.state]} />,
      },
      {
        id: 'offer_id',
        header: t('ops.deliveries.offer'),
        width: 130,
        render: (row) =>
          row.offer_id ? (
            <span
              style={MONO}
              title={row.offer_code ? t('ops.deliveries.offerCode', { code: row.offer_code }) : undefined}
            >
              {row.offer_id}
            </span>
          ) : (
            '—'
          ),
      },
      { id: 'deal_id', header: t('ops.deliveries.deal'), width: 120, render: (row) => row.deal_id },
      dateTimeColumn('offer_sent_at', t('ops.deliveries.offerSentAt'), lang, 140),
      dateTimeColumn('trade_ready_at', t('ops.deliveries.tradeReadyAt'), lang, 140),
      dateTimeColumn('finished_at', t('ops.deliveries.finishedAt'), lang, 140),
      {
        id: 'steam_state',
        header: t('ops.deliveries.steamState'),
        width: 180,
        // Steam's ETradeOfferState name translated; the raw name stays in the tooltip for support.
        render: (row) =>
          row.steam_state ? (
            <span title={row.steam_state}>
              {t(`ops.deliveries.steamStates.${row.steam_state}`, { defaultValue: row.steam_state })}
            </span>
          ) : (
            '—'
          ),
      },
      {
        id: 'error',
        header: t('ops.deliveries.error'),
        width: 240,
        grow: 1,
        render: (row) =>
          row.error ? (
            <span style={ERROR_TEXT} title={row.error}>
              {deliveryErrorText(row.error, t)}
            </span>
          ) : (
            '—'
          ),
      },
    ];
  }, [t, lang, accountLabel, stateOptions]);

  return (
    <Page title={t('ops.nav.botDeliveries')}>
      <BotListTable
        routeId="bot-deliveries.list"
        exportQuery={deliveriesListQuery(filters)}
        list={deliveries}
        columns={columns}
        label={t('ops.nav.botDeliveries')}
        emptyText={t('ops.deliveries.none')}
        filters={
          <>
            <ToolbarFilters
              filters={filters}
              onChange={patch}
              specs={[
                {
                  kind: 'multi',
                  key: 'states',
                  label: t('ops.deliveries.stateHeader'),
                  options: stateOptions,
                  width: 200,
                },
              ]}
            />
            <Autocomplete
              multiple
              limitTags={2}
              options={accounts}
              value={accounts.filter((option) => filters.marketAccounts.includes(option.id))}
              getOptionLabel={(option) => option.label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onChange={(_event, value) => patch({ marketAccounts: value.map((option) => option.id) })}
              renderInput={(params) => (
                <TextField {...params} margin="none" label={t('fields.market_account')} />
              )}
              sx={{ width: 300 }}
            />
            <ToolbarFilters
              filters={filters}
              onChange={patch}
              specs={[
                {
                  kind: 'dates',
                  from: 'dateFrom',
                  to: 'dateTo',
                  labels: [t('ops.deliveries.dateFrom'), t('ops.deliveries.dateTo')],
                },
              ]}
            />
          </>
        }
      />
    </Page>
  );
}
