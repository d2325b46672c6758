import { mdiTuneVariant } from '@mdi/js';
import { IconButton, Switch, Tooltip } from '@mui/material';
import { marketToyEntity, RECORD_STATUSES, type MarketCode, type MarketToyPatch } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { FilterBar } from '@/components/filter-bar';
import { MdiIcon } from '@/components/mdi-icon';
import { ToolbarFilters } from '@/components/toolbar-filters';
import type { VirtualColumn } from '@/components/virtual-table/virtual-table';
import { overrideColumns } from '@/components/override-columns';
import { notify } from '@/lib/notifications';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUiLang } from '@/lib/use-ui-lang';

import { useBulkUpdateMarketToys } from '../api/bulk-update-market-toys';
import { useDeleteMarketToys } from '../api/delete-many';
import { useDeleteMarketToy } from '../api/delete-market-toy';
import { useSaveMarketToy } from '../api/save-market-toy';
import {
  EMPTY_MARKET_TOY_FILTERS,
  marketToyFiltersToQuery,
  type MarketToyFilters,
} from '../utils/market-toy-by-name';
import { priceRangeErrors } from '../utils/price-range';
import { CatalogueScreen } from './catalogue-screen';
import { DynamicSettingsDialog } from './dynamic-settings-dialog';
import { ImportMarketToysDialog } from './import-market-toys-dialog';
import { MarketToyDialog } from './market-toy-dialog';

const FIELDS = [
  'market_hash_name',
  'market',
  'price_buy',
  'price_sell',
  'min_price_buy',
  'max_price_buy',
  'enable_dynamic_order',
  'scope',
  'tags',
  'record_status',
  'updated_at',
];

const BULK_FIELDS = [
  'price_buy',
  'price_sell',
  'min_price_buy',
  'max_price_buy',
  'enable_dynamic_order',
  'scope',
  'record_status',
  'tags',
];

type Dialog =
  { kind: 'edit'; row: EntityRow | null } | { kind: 'dynamic'; row: EntityRow } | { kind: 'import' } | null;

/**
 * /toy-settings/market: each item's prices and dynamic-order range per market; the dynamic-order switch in
 * the row, everything else in a dialog; bulk changes to the selected rows or everything the filter matches,
 * deleting the selected rows, import of JSON or CSV.
 */
export function MarketToysScreen() {
  const { t, lang } = useUiLang();
  const [filters, setFilters] = useState<MarketToyFilters>(EMPTY_MARKET_TOY_FILTERS);
  const debounced = useDebouncedValue(filters);
  const query = useMemo(() => marketToyFiltersToQuery(debounced), [debounced]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { mutate: saveMarketToy } = useSaveMarketToy();
  const remove = useDeleteMarketToy();
  const removeMany = useDeleteMarketToys();
  const bulk = useBulkUpdateMarketToys();
  const patch = (change: Partial<MarketToyFilters>) => setFilters((current) => ({ ...current, ...change }));
  const edit = useCallback((row: EntityRow | null) => setDialog({ kind: 'edit', row }), []);

  const toggleDynamic = useCallback(
    (row: EntityRow, on: boolean) => {
      const errors = priceRangeErrors({ enable_dynamic_order: on }, row, lang, t('marketToys.minAboveMax'));
      if (errors) {
        // Switching on without a range would let the loop buy at any price: send the operator to the form.
        notify({ title: t('marketToys.needRange'), text: Object.values(errors).join(' '), color: 'warning' });
        setDialog({ kind: 'edit', row });
        return;
      }
      saveMarketToy({ id: Number(row.id), body: { enable_dynamic_order: on } });
    },
    [lang, t, saveMarketToy],
  );

  const columns = useCallback(
    (generated: VirtualColumn<EntityRow>[]): VirtualColumn<EntityRow>[] => [
      ...overrideColumns(generated, {
        enable_dynamic_order: {
          width: 110,
          render: (row) => (
            <Switch
              size="small"
              checked={row.enable_dynamic_order === true}
              onClick={(event) => event.stopPropagation()}
              onChange={(event) => toggleDynamic(row, event.target.checked)}
              slotProps={{
                input: { 'aria-label': t('marketToys.dynamicOf', { name: String(row.market_hash_name) }) },
              }}
            />
          ),
        },
      }),
      {
        id: '__dynamic',
        header: '',
        width: 44,
        align: 'center',
        // A row action too: pinned beside edit and delete at the table's right edge.
        pinned: 'right' as const,
        render: (row: EntityRow) => (
          <Tooltip title={t('marketToys.dynamic.open')}>
            <IconButton
              size="small"
              aria-label={t('marketToys.dynamic.openFor', { name: String(row.market_hash_name) })}
              onClick={(event) => {
                event.stopPropagation();
                setDialog({ kind: 'dynamic', row });
              }}
            >
              <MdiIcon path={mdiTuneVariant} sx={{ fontSize: 18 }} />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t, toggleDynamic],
  );

  return (
    <CatalogueScreen
      title={t('nav.toySettingsMarket')}
      addLabel={t('marketToys.add')}
      onEdit={edit}
      onImport={() => setDialog({ kind: 'import' })}
      filters={
        <FilterBar flush>
          <ToolbarFilters
            filters={filters}
            onChange={patch}
            specs={[
              { kind: 'search', key: 'search' },
              { kind: 'market', key: 'market', width: 190 },
              { kind: 'yesNo', key: 'dynamic', field: 'enable_dynamic_order', width: 190 },
              { kind: 'enums', key: 'statuses', field: 'record_status', values: RECORD_STATUSES },
            ]}
          />
        </FilterBar>
      }
      entity={marketToyEntity}
      table={{ routeId: 'market-toys.list', fields: FIELDS, query, columns }}
      deleteOne={{
        title: t('marketToys.deleteTitle'),
        text: (row) =>
          t('marketToys.deleteText', { name: String(row.market_hash_name), market: String(row.market) }),
        done: t('marketToys.deleted'),
        isPending: remove.isPending,
        mutate: remove.mutate,
      }}
      deleteMany={{
        text: (count, formatted) => t('marketToys.deleteManyText', { count, formatted }),
        run: removeMany.mutateAsync,
      }}
      bulk={{
        fields: BULK_FIELDS,
        validate: (change) => priceRangeErrors(change, {}, lang, t('marketToys.minAboveMax')),
        apply: (target, change) => bulk.mutateAsync({ target, patch: change as MarketToyPatch }),
      }}
    >
      {dialog?.kind === 'edit' && (
        <MarketToyDialog
          key={String(dialog.row?.id ?? 'new')}
          marketToy={dialog.row}
          market={filters.market || undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && <ImportMarketToysDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'dynamic' && (
        <DynamicSettingsDialog
          toy={Number(dialog.row.toy)}
          market={dialog.row.market as MarketCode}
          name={String(dialog.row.market_hash_name)}
          onClose={() => setDialog(null)}
        />
      )}
    </CatalogueScreen>
  );
}
