import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { BotRouteId } from '@toydesk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useCommonData } from '@/lib/common-data';
import { downloadBotCsv } from '@/lib/csv-export';
import { notify } from '@/lib/notifications';
import type { ListPage } from '@/lib/query';
import type { QueryParams } from '@/lib/query-string';

import { FilterBar } from './filter-bar';
import { RowCountBar } from './row-count-bar';
import { VirtualTable, type VirtualColumn } from './virtual-table/virtual-table';

/** The rows a paged list has read so far and how many the server has. */
export function loadedRows<Row>(data: InfiniteData<ListPage<Row>> | undefined): {
  rows: Row[];
  total: number;
} {
  return { rows: data?.pages.flatMap((page) => page.results) ?? [], total: data?.pages[0]?.count ?? 0 };
}

export interface BotListTableProps<Row extends { id: string | number }> {
  /** The list's route: its CSV export sends the same filters as the table's pages. */
  routeId: BotRouteId;
  exportQuery: QueryParams;
  list: UseInfiniteQueryResult<InfiniteData<ListPage<Row>>>;
  /** The rows shown, when the screen filters the loaded ones further; all loaded rows by default. */
  rows?: readonly Row[];
  columns: readonly VirtualColumn<Row>[];
  label: string;
  emptyText: string;
  /** The toolbar's filters and actions, before the row count, the export and the refresh button. */
  filters: ReactNode;
  onRowClick?: (row: Row) => void;
}

/**
 * A bot-service list (jobs, alerts, deliveries): the toolbar with the row count, the CSV export (fetched with
 * the app token) and refresh, above a table that reads the next page as it scrolls to the end.
 */
export function BotListTable<Row extends { id: string | number }>({
  routeId,
  exportQuery,
  list,
  rows,
  columns,
  label,
  emptyText,
  filters,
  onRowClick,
}: BotListTableProps<Row>) {
  const { t } = useTranslation();
  const { botToken } = useCommonData();
  const loaded = loadedRows(list.data);
  const shown = rows ?? loaded.rows;
  return (
    <>
      <FilterBar>
        {filters}
        <RowCountBar
          kind="loaded"
          count={loaded.rows.length}
          total={loaded.total}
          onRefresh={() => void list.refetch()}
          onExport={() =>
            void downloadBotCsv(routeId, exportQuery, botToken).then(
              (ok) => ok || notify({ text: t('tableExport.failed'), color: 'error' }),
            )
          }
        />
      </FilterBar>
      <VirtualTable
        rows={shown}
        columns={columns}
        getRowId={(row) => row.id}
        label={label}
        loading={list.isFetching}
        totalCount={loaded.total}
        onRowClick={onRowClick}
        onEndReached={() => {
          if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
        }}
        emptyText={list.isError ? t('table.failed') : emptyText}
        height="calc(100vh - 220px)"
      />
    </>
  );
}
