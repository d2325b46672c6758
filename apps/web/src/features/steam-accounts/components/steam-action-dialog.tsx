import { Box, Button, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { JobProgress } from '@/components/job-progress';
import { useBotAction } from '@/lib/bot-jobs';

import { steamAccountsQueryKey, type SteamAccountRow } from '../api/get-steam-accounts';
import { buildActionCall, initialInputValues, type SteamAction } from '../utils/steam-actions';

export interface SteamActionDialogProps {
  account: SteamAccountRow;
  action: SteamAction;
  onClose: () => void;
}

/** One Steam-service action for one account: its inputs, then the job followed until it ends. */
export function SteamActionDialog({ account, action, onClose }: SteamActionDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialInputValues(action));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const job = useBotAction({
    onFinish: () => {
      if (action.refreshAccounts) void queryClient.invalidateQueries({ queryKey: steamAccountsQueryKey });
    },
  });
  const title = t(`ops.steamActions.${action.key}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const call = buildActionCall(action, account.id, values);
    if (Object.keys(call.errors).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(call.errors).map(([name, message]) => [
            name,
            message === 'required' ? t('ops.required') : message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    void job.run(action.route, call.options);
  };

  const formId = `steam-action-${action.key}`;
  return (
    <AppDialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      title={`${title} · ${account.steam_account_name}`}
      actions={
        <>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={job.starting || job.active}
            data-testid="run-action"
          >
            {job.job ? t('ops.runAgain') : t('ops.run')}
          </Button>
        </>
      }
    >
      <Box component="form" id={formId} noValidate onSubmit={submit}>
        {action.inputs.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('ops.steamActions.noInputs')}
          </Typography>
        )}
        {action.inputs.map((input) => (
          <TextField
            key={input.name}
            name={input.name}
            label={t(`ops.steamActions.input.${input.labelKey}`)}
            type={input.kind === 'number' ? 'number' : 'text'}
            required={input.required}
            value={values[input.name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [input.name]: event.target.value }))}
            error={Boolean(errors[input.name])}
            helperText={errors[input.name]}
            fullWidth
          />
        ))}
      </Box>
      <JobProgress job={job.job} starting={job.starting} startError={job.startError} logsOpen />
    </AppDialog>
  );
}
