import type { VirtualColumn } from '@/components/virtual-table/virtual-table';

/**
 * The dry-run switch says whether an account's loops move real money: its column goes beside the row
 * actions, pinned at the table's right edge, so it stays in view when the list is wider than a 1366 px
 * screen and the other columns scroll sideways.
 */
export function pinDryRun<Row>(columns: VirtualColumn<Row>[]): VirtualColumn<Row>[] {
  const dryRun = columns.find((column) => column.id === 'dry_run');
  const actionsAt = columns.findIndex((column) => column.id === 'actions');
  if (!dryRun || actionsAt < 0) return columns;
  const rest = columns.filter((column) => column !== dryRun);
  rest.splice(actionsAt - 1, 0, { ...dryRun, pinned: 'right' });
  return rest;
}
