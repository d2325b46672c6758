import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from './action-dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  /** What will happen, in the operator's words. */
  text: ReactNode;
  /** The confirm button's label; default "Удалить". */
  confirmLabel?: string;
  /** Destructive actions get the error colour. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; persistent while the action runs. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  danger = true,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      title={title}
      confirmLabel={confirmLabel ?? t('common.delete')}
      color={danger ? 'error' : 'primary'}
      busy={busy}
      maxWidth="xs"
      confirmTestId="confirm-button"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography variant="body2">{text}</Typography>
    </ActionDialog>
  );
}
