import { mdiLinkVariant } from '@mdi/js';
import { Button } from '@mui/material';
import { INVENTORY_ITEM_STATUSES } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { checkboxColumn } from '@/components/checkbox-column';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { EntityTable } from '@/components/entity-table/entity-table';
import { withItemColumn } from '@/components/item-name-cell';
import { ListOnMarketDialog } from '@/components/list-on-market-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { SelectionBar } from '@/components/selection-bar';
import { ToolbarFilters } from '@/components/toolbar-filters';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { overrideColumns } from '@/components/override-columns';
import { useCommonData } from '@/lib/common-data';
import type { ListingItem } from '@/lib/manual-listing';
import { notify } from '@/lib/notifications';
import { useCheckedIds } from '@/lib/use-checked-ids';

import { useConnectInventoryItems } from '../api/connect-inventory-items';
import { DEFAULT_INVENTORY_FILTERS, inventoryQuery, type InventoryFilters } from '../utils/inventory-query';
import { ListForSaleDialog } from './list-for-sale-dialog';

const FIELDS = [
  'market_hash_name',
  'steam_account',
  'status',
  'tradable',
  'marketable',
  'trade_hold_until',
  'toy',
  'float_value',
  'asset_id',
  'updated_at',
];

const idOf = (row: EntityRow) => row.id as number;
const nameOf = (row: EntityRow) => String(row.market_hash_name ?? row.id);

/**
 * /inventory/list: the items of every Steam account's inventory with images, tradability and holds;
 * link items to the catalogue, list selected items on the Steam market or on a marketplace (preview,
 * confirmation, a bot job per market account).
 */
export function InventoryScreen() {
  const { t } = useTranslation();
  const common = useCommonData();
  const selection = useCheckedIds();
  const connect = useConnectInventoryItems();
  const [filters, setFilters] = useState<InventoryFilters>(DEFAULT_INVENTORY_FILTERS);
  const query = useMemo(() => inventoryQuery(filters, new Date()), [filters]);
  const [rows, setRows] = useState<EntityRow[]>([]);
  const [listing, setListing] = useState<EntityRow[] | null>(null);
  const [marketListing, setMarketListing] = useState<ListingItem[] | null>(null);
  // A selection is of the rows shown: another filter shows other rows, so it starts again.
  const patch = (change: Partial<InventoryFilters>) => {
    selection.clear();
    setFilters((current) => ({ ...current, ...change }));
  };
  const holdOptions = [
    { value: 'hold', label: t('inventory.onHold') },
    { value: 'none', label: t('inventory.noHold') },
  ];

  const onRowsChange = useCallback((loaded: EntityRow[]) => setRows(loaded), []);
  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]) => [
      checkboxColumn({
        selection,
        rows,
        getId: idOf,
        allLabel: t('inventory.selectAll'),
        rowLabel: (row) => t('inventory.selectNamed', { name: nameOf(row) }),
      }),
      ...overrideColumns(withItemColumn(generated), {
        toy: {
          header: t('inventory.linked'),
          width: 110,
          render: (row) =>
            row.toy === null || row.toy === undefined ? '—' : t('inventory.linkedTo', { id: row.toy }),
        },
      }),
    ],
    [selection, rows, t],
  );
  const selectedRows = useMemo(
    () => rows.filter((row) => selection.selected.has(idOf(row))),
    [rows, selection.selected],
  );

  const steamName = (id: number) =>
    common.steamAccounts.find((account) => account.id === id)?.steam_account_name ?? String(id);
  const listingItemOf = (row: EntityRow): ListingItem => ({
    key: String(idOf(row)),
    assetId: String(row.asset_id),
    steamAccount: row.steam_account as number,
    steamAccountName: steamName(row.steam_account as number),
    marketHashName: nameOf(row),
    toy: typeof row.toy === 'number' ? row.toy : null,
  });

  const runConnect = async (ids: number[] | null) => {
    try {
      const result = await connect.mutateAsync(ids);
      notify({ text: t('inventory.connected', result), color: 'success' });
    } catch {
      // The wrapper has notified.
    }
  };

  const toolbar = (
    <>
      <ToolbarFilters
        filters={filters}
        onChange={patch}
        specs={[
          { kind: 'steamAccount', key: 'steamAccount', width: 200 },
          { kind: 'enum', key: 'status', values: INVENTORY_ITEM_STATUSES, width: 150 },
          { kind: 'yesNo', key: 'tradable', yes: 'yes', no: 'no', width: 130 },
          { kind: 'select', key: 'hold', label: t('inventory.hold'), options: holdOptions, width: 160 },
        ]}
      />
      <Button
        variant="outlined"
        startIcon={<MdiIcon path={mdiLinkVariant} />}
        disabled={connect.isPending}
        onClick={() => void runConnect(null)}
      >
        {t('inventory.connectAll')}
      </Button>
    </>
  );

  return (
    <Page title={t('nav.inventoryList')}>
      <SelectionBar count={selection.selected.size} onClear={selection.clear}>
        <Button size="small" variant="outlined" onClick={() => setListing(selectedRows)}>
          {t('inventory.listForSale')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setMarketListing(selectedRows.map(listingItemOf))}
        >
          {t('listing.action')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={connect.isPending}
          onClick={() => void runConnect([...selection.selected])}
        >
          {t('inventory.connectSelected')}
        </Button>
      </SelectionBar>
      <EntityTable
        routeId="steam-inventory.list"
        label={t('nav.inventoryList')}
        query={query}
        fields={FIELDS}
        columns={columns}
        toolbar={toolbar}
        onRowsChange={onRowsChange}
        height="calc(100vh - 240px)"
      />
      {listing && (
        <ListForSaleDialog
          items={listing.map((row) => ({
            inventoryId: idOf(row),
            steamAccount: row.steam_account as number,
            assetId: String(row.asset_id),
            marketHashName: nameOf(row),
          }))}
          onClose={() => setListing(null)}
        />
      )}
      {marketListing && <ListOnMarketDialog items={marketListing} onClose={() => setMarketListing(null)} />}
    </Page>
  );
}
