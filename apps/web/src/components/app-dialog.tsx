import { Dialog, DialogActions, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import { CloseOnBack } from './close-on-back';

export interface AppDialogProps extends Omit<DialogProps, 'onClose' | 'title'> {
  onClose: () => void;
  /** A persistent dialog does not close on Escape, an outside click or Back: it briefly scales up instead. */
  persistent?: boolean;
  title?: ReactNode;
  actions?: ReactNode;
}

const BOUNCE_MS = 150;

/**
 * The console's dialog (spec section 4): closes on Escape, an outside click and back navigation unless
 * persistent; a persistent one scales up for a moment to say "finish here first".
 */
export function AppDialog({
  open,
  onClose,
  persistent,
  title,
  actions,
  children,
  sx,
  ...rest
}: AppDialogProps) {
  const [bouncing, setBouncing] = useState(false);
  const bounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(bounceTimer.current), []);

  const requestClose = useCallback(() => {
    if (!persistent) {
      onClose();
      return;
    }
    setBouncing(true);
    clearTimeout(bounceTimer.current);
    bounceTimer.current = setTimeout(() => setBouncing(false), BOUNCE_MS);
  }, [persistent, onClose]);

  return (
    <Dialog
      open={open}
      onClose={requestClose}
      data-persistent={persistent ? 'true' : undefined}
      sx={[
        {
          '& .MuiDialog-paper': {
            transition: `transform ${BOUNCE_MS}ms ease-in-out`,
            transform: bouncing ? 'scale(1.03)' : 'none',
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...rest}
    >
      {open && <CloseOnBack onBack={requestClose} />}
      {title && <DialogTitle>{title}</DialogTitle>}
      <DialogContent dividers={Boolean(title)}>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </Dialog>
  );
}
