import { mdiDeleteOutline, mdiPencilOutline } from '@mdi/js';
import { IconButton, Stack, Tooltip } from '@mui/material';

import { MdiIcon } from './mdi-icon';
import type { VirtualColumn } from './virtual-table/virtual-table';

export interface RowActionsOptions<Row> {
  editLabel: string;
  deleteLabel: string;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
}

/** A trailing column with edit and delete buttons; their clicks never reach the row's own click handler. */
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
    render: (row) => (
      <Stack direction="row" spacing={0.5} onClick={(event) => event.stopPropagation()}>
        {onEdit && (
          <Tooltip title={editLabel}>
            <IconButton size="small" aria-label={editLabel} onClick={() => onEdit(row)}>
              <MdiIcon path={mdiPencilOutline} sx={{ fontSize: 18 }} />
            </IconButton>
          </Tooltip>
        )}
        {onDelete && (
          <Tooltip title={deleteLabel}>
            <IconButton size="small" aria-label={deleteLabel} color="error" onClick={() => onDelete(row)}>
              <MdiIcon path={mdiDeleteOutline} sx={{ fontSize: 18 }} />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    ),
  };
}
