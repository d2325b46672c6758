import { mdiDeleteOutline, mdiPencilOutline } from '@mdi/js';
import type { CSSProperties } from 'react';

import { PlainIcon } from './plain-icon';
import type { VirtualColumn } from './virtual-table/virtual-table';

export interface RowActionsOptions<Row> {
  editLabel: string;
  deleteLabel: string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
}

const GROUP: CSSProperties = { display: 'flex', gap: 4 };
const BUTTON: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  padding: 0,
  border: 0,
  borderRadius: '50%',
  background: 'transparent',
  color: 'rgba(0, 0, 0, 0.54)',
  cursor: 'pointer',
};
const DELETE_BUTTON: CSSProperties = { ...BUTTON, color: '#d32f2f' };

/**
 * A trailing column with edit and delete buttons, pinned at the table's right edge; their clicks never reach the row's own click handler.
 * Plain buttons with a title, not IconButton + Tooltip: two Tooltips and two ButtonBases per row mounting
 * on every scroll frame were a large part of the frame (bench:web).
 */
export function rowActionsColumn<Row>({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: RowActionsOptions<Row>): VirtualColumn<Row> {
  return {
    id: '__actions',
    header: '',
    width: 80,
    align: 'center',
    // Always in view at the table's right edge, however wide the table scrolls.
    pinned: 'right',
    render: (row) => (
      <div style={GROUP} onClick={(event) => event.stopPropagation()}>
        {onEdit && (
          <button
            type="button"
            title={editLabel}
            aria-label={editLabel}
            style={BUTTON}
            onClick={() => onEdit(row)}
          >
            <PlainIcon path={mdiPencilOutline} />
          </button>
        )}
        {onDelete && (
          <button
            type="button"
            title={deleteLabel}
            aria-label={deleteLabel}
            style={DELETE_BUTTON}
            onClick={() => onDelete(row)}
          >
            <PlainIcon path={mdiDeleteOutline} />
          </button>
        )}
      </div>
    ),
  };
}
