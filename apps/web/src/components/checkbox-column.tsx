import { Checkbox } from '@mui/material';

import type { CSSProperties } from 'react';

import type { CheckedIds } from '@/lib/use-checked-ids';

import type { VirtualColumn } from './virtual-table/virtual-table';

export interface CheckboxColumnOptions<Row> {
  selection: CheckedIds;
  /** The rows loaded so far: the header checkbox selects or clears all of them. */
  rows: readonly Row[];
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
  const chosen = rows.reduce((count, row) => count + (selected.has(getId(row)) ? 1 : 0), 0);
  const all = rows.length > 0 && chosen === rows.length;
  return {
    id: '__select',
    width: 44,
    align: 'center',
    header: (
      <Checkbox
        size="small"
        checked={all}
        indeterminate={chosen > 0 && !all}
        disabled={rows.length === 0}
        onChange={() => selection.setMany(rows.map(getId), !all)}
        slotProps={{ input: { 'aria-label': allLabel } }}
        sx={{ p: 0.5 }}
      />
    ),
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
