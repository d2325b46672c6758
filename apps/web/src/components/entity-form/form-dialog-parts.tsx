import { Alert, Box, Button, LinearProgress } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '../app-dialog';

export interface FormDialogActionsProps {
  formId: string;
  onClose: () => void;
  disabled: boolean;
  /** The submit button's text; by default Save when editing, Create when not. */
  submitLabel?: ReactNode;
  editing?: boolean;
}

/** Cancel and the submit button of a form dialog; the submit button sends the form by its id. */
export function FormDialogActions({
  formId,
  onClose,
  disabled,
  submitLabel,
  editing,
}: FormDialogActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="submit" form={formId} variant="contained" disabled={disabled}>
        {submitLabel ?? (editing ? t('common.save') : t('common.create'))}
      </Button>
    </>
  );
}

export interface FormDialogBodyProps {
  formId: string;
  /** A save is under way: the 4 px bar above the form. */
  working: boolean;
  /** What failed outside the fields (a non-field 400, a network failure), shown above the form. */
  formError: string | null;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: ReactNode;
}

/**
 * The body every form dialog shares: the progress bar, the form-level error and the two-column form the
 * dialog's submit button sends (`noValidate`: the contract's schemas check, not the browser).
 */
export function FormDialogBody({ formId, working, formError, onSubmit, children }: FormDialogBodyProps) {
  return (
    <>
      {working && <LinearProgress sx={{ mb: 1 }} />}
      {formError && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="form-error">
          {formError}
        </Alert>
      )}
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
      >
        {children}
      </Box>
    </>
  );
}

export interface FormDialogProps extends FormDialogBodyProps {
  title: ReactNode;
  onClose: () => void;
  /** Unsaved changes or a save under way: a click outside or Escape does not close the dialog. */
  persistent: boolean;
  /** Editing a record (Save) or creating one (Create). */
  editing: boolean;
  maxWidth?: 'sm' | 'md';
  /** Shown above the form: a confirmation the form opens over itself. */
  above?: ReactNode;
  /** The submit button's text when it is not Save or Create. */
  submitLabel?: ReactNode;
  /** The submit button is off (by default only while saving). */
  submitDisabled?: boolean;
}

/**
 * A dialog around one form: the title naming the dialog, Cancel and the submit button below, the shared
 * body (progress, form-level error, two-column form) between them.
 */
export function FormDialog({
  title,
  onClose,
  persistent,
  editing,
  maxWidth = 'sm',
  above,
  submitLabel,
  submitDisabled,
  ...body
}: FormDialogProps) {
  const titleId = `${body.formId}-title`;
  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={persistent}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={titleId}
      title={<span id={titleId}>{title}</span>}
      actions={
        <FormDialogActions
          formId={body.formId}
          onClose={onClose}
          disabled={submitDisabled ?? body.working}
          submitLabel={submitLabel}
          editing={editing}
        />
      }
    >
      {above}
      <FormDialogBody {...body} />
    </AppDialog>
  );
}
