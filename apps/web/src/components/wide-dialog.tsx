import type { Breakpoint } from '@mui/material';

import { AppDialog, type AppDialogProps } from './app-dialog';

export interface WideDialogProps extends Omit<AppDialogProps, 'open' | 'maxWidth' | 'fullWidth'> {
  /** The paper's width: md (logs, results, details) unless a form wants sm. */
  width?: Extract<Breakpoint, 'sm' | 'md'>;
}

/**
 * An AppDialog that fills its width, for the dialogs a screen mounts only while they are shown (so always
 * open): a job's log, started listings, an audit entry, a checklist, a bot action's form.
 */
export function WideDialog({ width = 'md', ...rest }: WideDialogProps) {
  return <AppDialog open maxWidth={width} fullWidth {...rest} />;
}
