import type { VirtualColumn } from './virtual-table/virtual-table';

/** Changes to some of a table's columns by column id: what to lay over each (a render, a header, a width). */
export type ColumnOverrides<Row> = Partial<Record<string, Partial<VirtualColumn<Row>>>>;

/**
 * The columns in their order, those named in `overrides` with the changes laid over them: how a screen
 * adjusts the columns an entity generates (a name instead of an id, a switch instead of a yes/no).
 */
export function overrideColumns<Row>(
  columns: readonly VirtualColumn<Row>[],
  overrides: ColumnOverrides<Row>,
): VirtualColumn<Row>[] {
  return columns.map((column) => {
    const change = overrides[column.id];
    return change ? { ...column, ...change } : column;
  });
}
