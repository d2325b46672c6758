import { Checkbox } from '@mui/material';

import type { CSSProperties } from 'react';

import type { CheckedIds } from '@/lib/use-checked-ids';

import type { VirtualColumn } from './virtual-table/virtual-table';

export interface CheckboxColumnOptions<Row> {
  selection: CheckedIds;
  /**
   * The rows the header checkbox selects or clears; default the table's own rows. Leave it out where the
   * table has every loaded row: columns built from the rows are rebuilt, and every visible row drawn again,
   * whenever a page of rows arrives.
   */
  rows?: readonly Row[];
  getId: (row: Row) => number;
  /** Accessible names: the header's and one row's. */
  allLabel: string;
  rowLabel: (row: Row) => string;
}

const ROW_CHECKBOX: CSSProperties = { width: 16, height: 16, margin: 0, cursor: 'pointer' };

/** A leading checkbox column for a VirtualTable; clicks on it never reach the row's own click handler. */
export function checkboxColumn<Row>({
  selection,
  rows,
  getId,
  allLabel,
  rowLabel,
}: CheckboxColumnOptions<Row>): VirtualColumn<Row> {
  const { selected } = selection;
  const header = (tableRows: readonly Row[]) => {
    const all = rows ?? tableRows;
    const chosen = all.reduce((count, row) => count + (selected.has(getId(row)) ? 1 : 0), 0);
    const every = all.length > 0 && chosen === all.length;
    return (
      <Checkbox
        size="small"
        checked={every}
        indeterminate={chosen > 0 && !every}
        disabled={all.length === 0}
        onChange={() => selection.setMany(all.map(getId), !every)}
        slotProps={{ input: { 'aria-label': allLabel } }}
        sx={{ p: 0.5 }}
      />
    );
  };
  return {
    id: '__select',
    width: 44,
    align: 'center',
    header,
    // A native checkbox per row: an MUI Checkbox (ButtonBase, ripple, Emotion styles, an SvgIcon) mounted
    // for every row entering the view was a large part of each scroll frame (bench:web).
    render: (row) => (
      <input
        type="checkbox"
        checked={selected.has(getId(row))}
        onClick={(event) => event.stopPropagation()}
        onChange={() => selection.toggle(getId(row))}
        aria-label={rowLabel(row)}
        style={ROW_CHECKBOX}
      />
    ),
  };
}
