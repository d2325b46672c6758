import { Button, LinearProgress, type DialogProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from './app-dialog';

export interface ActionDialogProps {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** The action runs: a progress bar, both buttons off, and the dialog stays until it ends. */
  busy?: boolean;
  /** Error for a destructive action, warning for one that spends for real. */
  color?: 'primary' | 'error' | 'warning';
  /** Confirm stays off besides while busy (nothing to send, a guard refuses). */
  disabled?: boolean;
  /** The label of the button that leaves without acting; «Отмена» by default. */
  cancelLabel?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  confirmTestId?: string;
}

/**
 * A dialog that asks before one action: its content, Cancel and the confirm button. Cancel sends nothing;
 * while the action runs the dialog is persistent and shows the 4 px progress bar.
 */
export function ActionDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  color = 'primary',
  disabled = false,
  cancelLabel,
  maxWidth = 'md',
  confirmTestId,
}: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={busy}
      maxWidth={maxWidth}
      fullWidth
      title={title}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color={color}
            onClick={onConfirm}
            disabled={busy || disabled}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {busy && <LinearProgress sx={{ mb: 1 }} />}
      {children}
    </AppDialog>
  );
}
