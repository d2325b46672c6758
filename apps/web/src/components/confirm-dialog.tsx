import { Button, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from './app-dialog';

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
    <AppDialog
      open
      onClose={onClose}
      persistent={busy}
      maxWidth="xs"
      fullWidth
      title={title}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color={danger ? 'error' : 'primary'}
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm-button"
          >
            {confirmLabel ?? t('common.delete')}
          </Button>
        </>
      }
    >
      {busy && <LinearProgress sx={{ mb: 1 }} />}
      <Typography variant="body2">{text}</Typography>
    </AppDialog>
  );
}
