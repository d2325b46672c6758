import type { TFunction } from 'i18next';

import { StatusChip } from './status-chip';
import { TagChips, type TagLike } from './tag-chips';
import { CELL } from './virtual-table/cell-styles';
import type { VirtualColumn } from './virtual-table/virtual-table';

/**
 * The columns the account tables share (Steam accounts, market accounts, proxies), over the fields their
 * rows carry alike: a status, tags and the proxy's label. Each table picks the width its layout needs.
 */
export interface AccountColumnOptions {
  width: number;
  /** Sorted by the screen (the market accounts sort on the client); default not sortable. */
  sortable?: boolean;
}

export function statusColumn<Row extends { status: string | null }>(
  t: TFunction,
  { width, sortable = false }: AccountColumnOptions,
): VirtualColumn<Row> {
  return {
    id: 'status',
    header: t('fields.status'),
    width,
    sortable,
    render: (row) => <StatusChip value={row.status} />,
  };
}

export function tagsColumn<Row extends { tag_objects: readonly TagLike[] }>(
  t: TFunction,
  { width }: AccountColumnOptions,
): VirtualColumn<Row> {
  return {
    id: 'tags',
    header: t('fields.tags'),
    width,
    render: (row) => <TagChips tags={row.tag_objects} />,
  };
}

export function proxyColumn<Row extends { proxy_label: string | null }>(
  t: TFunction,
  { width, sortable = false }: AccountColumnOptions,
): VirtualColumn<Row> {
  return { id: 'proxy', header: t('fields.proxy'), width, sortable, render: (row) => row.proxy_label ?? '—' };
}

/** The green (online) or grey (offline) dot before an account's online state or market (a table cell). */
export function OnlineDot({ online }: { online: boolean }) {
  return <span className={online ? `${CELL.dot} ${CELL.dotOn}` : CELL.dot} />;
}
