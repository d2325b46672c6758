import { ListSubheader, Menu, MenuItem } from '@mui/material';
import { RECORD_STATUSES, type RecordStatus } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { CloseOnBack } from '@/components/close-on-back';
import { StatusChip } from '@/components/status-chip';
import { notify } from '@/lib/notifications';

import { useSetPointStatus, type PointRef } from '../api/set-point-status';

export interface PointTarget {
  point: PointRef;
  /** What the menu's heading names: the day (and item). */
  label: string;
  status?: string;
  /** Where the click was, in viewport pixels. */
  position: { top: number; left: number };
}

/** The status menu of a price point: the chosen status goes to the point and its day's history rows. */
export function PointStatusMenu({ target, onClose }: { target: PointTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const setStatus = useSetPointStatus();
  const choose = (status: RecordStatus) => {
    if (!target) return;
    setStatus.mutate(
      { point: target.point, status },
      {
        onSuccess: (result) =>
          notify({
            text: t('marketStats.statusSet', {
              status: t(`enums.status.${status}`),
              history: result.history,
            }),
            color: 'success',
          }),
      },
    );
    onClose();
  };
  return (
    <>
      {/* Back closes the menu and stays on the screen (spec section 9). */}
      {target && <CloseOnBack onBack={onClose} />}
      <Menu
        open={target !== null}
        onClose={onClose}
        anchorReference="anchorPosition"
        anchorPosition={target?.position}
        slotProps={{ list: { 'aria-label': t('marketStats.statusMenu') } }}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>{target?.label}</ListSubheader>
        {RECORD_STATUSES.map((status) => (
          <MenuItem key={status} selected={status === target?.status} onClick={() => choose(status)}>
            <StatusChip value={status} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
