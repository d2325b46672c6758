import { Alert, Box, Button, LinearProgress } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
