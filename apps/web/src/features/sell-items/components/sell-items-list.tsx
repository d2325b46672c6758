import { mdiStoreRemoveOutline, mdiTagEditOutline } from '@mdi/js';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { BotJob } from '@toydesk/contract';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { checkboxColumn } from '@/components/checkbox-column';
import { MoneyPreviewDialog } from '@/components/money-preview-dialog';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { MdiIcon } from '@/components/mdi-icon';
import { SelectionBar } from '@/components/selection-bar';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { useCommonData } from '@/lib/common-data';
import { notify } from '@/lib/notifications';
import type { QueryParams } from '@/lib/query-string';
import { useCheckedIds } from '@/lib/use-checked-ids';

import { planSetPrices, startSetPrices, TAKE_OFF_PRICE } from '../api/set-market-prices';
import { saleLot, type SaleLot } from '../utils/sale-lot';
import { MarketPriceJobsDialog } from './market-price-jobs-dialog';
import { MassPricingDialog } from './mass-pricing-dialog';

const FIELDS = [
  'market_hash_name',
  'market',
  'market_account',
  'steam_account',
  'price',
  'position',
  'status',
  'listed_at',
  'sold_at',
  'market_item_id',
];

const idOf = (row: EntityRow) => row.id as number;
const nameOf = (row: EntityRow) => String(row.market_hash_name ?? row.id);

export interface SellItemsListProps {
  filters: QueryParams;
  toolbar: ReactNode;
}

/**
 * The items on sale, read page by page with server-side search and ordering; set the price of one,
 * set one price on the selected ones, or take them off sale. Each change goes to the market through the
 * bot services (one bot-trading.set-prices job per market account); the job writes sell_item, and the list
 * is read again when it ends.
 */
export function SellItemsList({ filters, toolbar }: SellItemsListProps) {
  const { t } = useTranslation();
  const common = useCommonData();
  const selection = useCheckedIds();
  const [rows, setRows] = useState<EntityRow[]>([]);
  const [starting, setStarting] = useState(false);
  const [started, setStarted] = useState<{ jobs: BotJob[]; skipped: number } | null>(null);
  /** The lots of the open pricing dialog (one row's, or the ticked rows'), taken when it opened. */
  const [pricing, setPricing] = useState<SaleLot[] | null>(null);
  /** The lots of the open take-off preview, taken when it opened. */
  const [removing, setRemoving] = useState<SaleLot[] | null>(null);

  /**
   * Every row seen since the screen opened, by id: a lot ticked under one search stays selected (and is
   * priced and sent) after the search changes.
   */
  const seen = useRef(new Map<number, EntityRow>());
  const onRowsChange = useCallback((loaded: EntityRow[]) => {
    for (const row of loaded) seen.current.set(idOf(row), row);
    setRows(loaded);
  }, []);
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => [
      checkboxColumn({
        selection,
        rows,
        getId: idOf,
        allLabel: t('sellItems.selectAll'),
        rowLabel: (row) => t('sellItems.selectNamed', { name: nameOf(row) }),
      }),
      ...withItemColumn(generated),
      {
        id: '__actions',
        header: '',
        width: 80,
        align: 'center' as const,
        render: (row: EntityRow) => (
          <Stack direction="row" onClick={(event) => event.stopPropagation()}>
            <Tooltip title={t('sellItems.setPrice')}>
              <IconButton
                size="small"
                aria-label={t('sellItems.setPriceNamed', { name: nameOf(row) })}
                onClick={() => setPricing([saleLot(row)])}
              >
                <MdiIcon path={mdiTagEditOutline} sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('sellItems.takeOff')}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  disabled={row.status !== 'on_sale'}
                  aria-label={t('sellItems.takeOffNamed', { name: nameOf(row) })}
                  onClick={() => setRemoving([saleLot(row)])}
                >
                  <MdiIcon path={mdiStoreRemoveOutline} sx={{ fontSize: 18 }} />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        ),
      },
    ],
    [selection, rows, t],
  );
  const selectedIds = useMemo(() => [...selection.selected], [selection.selected]);
  const rowsOf = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const row = seen.current.get(id);
      return row ? [row] : [];
    });
  const accountLabels = useMemo(
    () =>
      new Map(
        common.steamAccounts.flatMap((steam) =>
          steam.market_accounts.map((account) => [account.id, account.label] as const),
        ),
      ),
    [common.steamAccounts],
  );
  const accountLabel = useCallback((id: number) => accountLabels.get(id) ?? `#${id}`, [accountLabels]);

  /** Starts the market jobs for these rows at `price`; throws when none started (the dialog stays). */
  const sendPrices = async (chosen: readonly EntityRow[], price: string | ((row: EntityRow) => string)) => {
    const plan = planSetPrices(chosen, price);
    setStarting(true);
    try {
      const jobs = await startSetPrices(plan);
      if (plan.accounts.length > 0 && jobs.length === 0) throw new Error(t('sellMarketPrices.notStarted'));
      setStarted({ jobs, skipped: plan.skipped });
      if (jobs.length > 0)
        notify({ text: t('sellMarketPrices.started', { count: jobs.length }), color: 'info' });
    } finally {
      setStarting(false);
    }
  };

  const takeOff = async (ids: readonly number[]) => {
    if (!removing) return;
    try {
      await sendPrices(rowsOf(ids), TAKE_OFF_PRICE);
      selection.setMany(
        removing.map((lot) => lot.id),
        false,
      );
      setRemoving(null);
    } catch {
      // The wrapper has notified; the dialog stays for another try.
    }
  };

  /** Sends the confirmed new prices (one per lot) and closes the pricing dialog. */
  const sendNewPrices = async (prices: ReadonlyMap<number, string>, close: () => void) => {
    try {
      await sendPrices(rowsOf([...prices.keys()]), (row) => prices.get(idOf(row))!);
      close();
    } catch {
      // The wrapper has notified; the dialog stays for another try.
    }
  };

  return (
    <>
      <SelectionBar count={selection.selected.size} onClear={selection.clear}>
        <Button size="small" variant="outlined" onClick={() => setPricing(rowsOf(selectedIds).map(saleLot))}>
          {t('sellItems.massSetPrice')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => setRemoving(rowsOf(selectedIds).map(saleLot))}
        >
          {t('sellItems.takeOff')}
        </Button>
      </SelectionBar>
      <EntityTable
        routeId="sell-items.list"
        label={t('nav.sellItems')}
        query={filters}
        fields={FIELDS}
        columns={columns}
        defaultSort={{ id: 'listed_at', desc: true }}
        toolbar={toolbar}
        onRowsChange={onRowsChange}
        height="calc(100vh - 280px)"
      />
      {pricing && (
        <MassPricingDialog
          lots={pricing}
          accountLabel={accountLabel}
          busy={starting}
          onConfirm={(prices) => void sendNewPrices(prices, () => setPricing(null))}
          onClose={() => setPricing(null)}
        />
      )}
      {removing && (
        <MoneyPreviewDialog
          title={t('pricing.takeOff.title', { count: removing.length })}
          intro={
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('sellMarketPrices.takeOffText')}
            </Typography>
          }
          rows={removing.map((lot) => ({
            id: lot.id,
            name: lot.name,
            account: accountLabel(lot.marketAccount),
            currency: lot.currency,
            from: lot.price,
            to: null,
            toText: t('pricing.preview.offSale'),
            sendable: lot.marketItemId !== null,
            marks: lot.marketItemId === null ? [{ label: t('pricing.marks.noListing'), tone: 'error' }] : [],
          }))}
          totalOf="from"
          danger
          confirmLabel={t('sellItems.takeOff')}
          busy={starting}
          onConfirm={(ids) => void takeOff(ids as number[])}
          onClose={() => setRemoving(null)}
        />
      )}
      {started && (
        <MarketPriceJobsDialog
          jobs={started.jobs}
          skipped={started.skipped}
          onClose={() => setStarted(null)}
        />
      )}
    </>
  );
}
