import { Stack } from '@mui/material';
import { API_ROUTES_BY_ID, type ApiQuery, type EntityDef } from '@toydesk/contract';
import { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

import { CommonDataContext } from '@/lib/common-data';
import { useUiLang } from '@/lib/use-ui-lang';
import { csvExportUrl } from '@/lib/csv-export';

import type { ListRouteId } from '@/lib/query';
import type { QueryParams } from '@/lib/query-string';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePagedList } from '@/lib/use-paged-list';

import { VirtualTable, type TableSort, type VirtualColumn } from '../virtual-table/virtual-table';
import { entityColumns, type EntityColumnOptions, type EntityRow } from './entity-columns';
import { RowCountBar } from '../row-count-bar';
import { SearchField } from '../search-field';

export interface EntityTableProps extends EntityColumnOptions {
  /** The list route that answers the rows, e.g. 'tags.list'; its contract entity's fields make the columns. */
  routeId: ListRouteId;
  label: string;
  /** Fixed filters of the list (field=value). */
  query?: QueryParams;
  /** Rows of the first request; more are read, in larger pages, as the table scrolls (lib/list-paging.ts). Default 500. */
  pageSize?: number;
  /** Changes the generated columns: reorder, replace, add. */
  columns?: (generated: VirtualColumn<EntityRow>[]) => VirtualColumn<EntityRow>[];
  searchable?: boolean;
  defaultSort?: TableSort | null;
  /** More toolbar content (left of the search field). */
  toolbar?: ReactNode;
  onRowClick?: (row: EntityRow) => void;
  height?: number | string;
  /** Told the loaded rows and the server's total whenever they change (selection, bulk actions). */
  onRowsChange?: (rows: EntityRow[], total: number) => void;
}

/** A row's id when it has one (the table's key, and how pages read at different moments are joined). */
const rowId = (row: unknown): string | number | undefined => {
  const id = (row as EntityRow).id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
};

/** The entity a list route answers rows of (every list route of the contract names one). */
function listEntity(routeId: ListRouteId): EntityDef {
  const entity = (API_ROUTES_BY_ID[routeId] as { entity?: EntityDef }).entity;
  if (!entity) throw new Error(`${routeId} names no entity`);
  return entity;
}

/**
 * A read-only, virtualised list of any contract entity: columns from the entity's fields, server-side
 * search and ordering, pages read as the operator scrolls.
 */
export function EntityTable({
  routeId,
  label,
  query,
  pageSize = 500,
  columns: customise,
  searchable = true,
  defaultSort = null,
  toolbar,
  onRowClick,
  height,
  fields,
  exclude,
  onRowsChange,
}: EntityTableProps) {
  const { t, i18n, lang } = useUiLang();
  const entity = listEntity(routeId);
  const common = useContext(CommonDataContext);
  const [search, setSearch] = useState('');
  const deferredSearch = useDebouncedValue(search.trim());
  const [sort, setSort] = useState<TableSort | null>(defaultSort);

  const fullQuery = useMemo(
    () =>
      ({
        ...query,
        ...(deferredSearch ? { search: deferredSearch } : {}),
        ...(sort ? { ordering: `${sort.desc ? '-' : ''}${sort.id}` } : {}),
      }) as ApiQuery<ListRouteId>,
    [query, deferredSearch, sort],
  );
  const list = usePagedList(routeId, fullQuery, pageSize, rowId);
  const rows = list.rows as EntityRow[];
  const { total } = list;
  useEffect(() => onRowsChange?.(rows, total), [rows, total, onRowsChange]);

  const columns = useMemo(() => {
    const generated = entityColumns(
      entity,
      { t, lang, common, exists: (key) => i18n.exists(key) },
      { fields, exclude },
    );
    return customise ? customise(generated) : generated;
  }, [entity, t, lang, common, i18n, fields, exclude, customise]);

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {toolbar}
        {searchable && <SearchField value={search} onChange={setSearch} width={280} />}
        <RowCountBar
          kind="loaded"
          count={rows.length}
          total={total}
          onRefresh={list.refetch}
          exportHref={csvExportUrl(routeId, fullQuery as QueryParams)}
        />
      </Stack>
      <VirtualTable
        rows={rows}
        columns={columns}
        getRowId={(row, index) => rowId(row) ?? index}
        label={label}
        sort={sort}
        onSortChange={setSort}
        onEndReached={list.loadMore}
        loading={list.isFetching}
        emptyText={list.isError ? t('table.failed') : t('table.empty')}
        totalCount={total}
        onRowClick={onRowClick}
        height={height}
      />
    </Stack>
  );
}
