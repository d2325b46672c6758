import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { WideDialog } from '@/components/wide-dialog';
import { JobProgress } from '@/components/job-progress';
import { MoneyPreviewDialog } from '@/components/money-preview-dialog';
import { botApi } from '@/lib/bot-api';
import { useUiLang } from '@/lib/use-ui-lang';
import { useBotAction } from '@/lib/bot-jobs';
import { formatAmount } from '@/lib/format';

import { steamAccountsQueryKey, type SteamAccountRow } from '../api/get-steam-accounts';
import {
  actionTitleKey,
  buildActionCall,
  initialInputValues,
  inputLabelKey,
  type ActionInput,
  type SteamAction,
} from '../utils/steam-actions';
import { steamMoneyPreview } from '../utils/steam-money-preview';

export interface SteamActionDialogProps {
  account: SteamAccountRow;
  action: SteamAction;
  onClose: () => void;
}

interface RandomAvatar {
  name: string;
  url: string;
}

/** One bot call for one account: its inputs, then the job followed until it ends (or the direct answer). */
export function SteamActionDialog({ account, action, onClose }: SteamActionDialogProps) {
  const { t, lang } = useUiLang();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialInputValues(action));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [direct, setDirect] = useState<{ busy: boolean; avatars: RandomAvatar[] | null }>({
    busy: false,
    avatars: null,
  });
  /** A money call checked and waiting for the operator's confirmation: nothing is sent before it. */
  const [pending, setPending] = useState<ReturnType<typeof buildActionCall>['options'] | null>(null);
  const job = useBotAction({
    onFinish: () => {
      if (action.refreshAccounts) void queryClient.invalidateQueries({ queryKey: steamAccountsQueryKey });
    },
  });
  const title = t(actionTitleKey(action));
  // Our other accounts with a trade URL: a trade offer between own accounts is the usual case.
  const partners = (queryClient.getQueryData<SteamAccountRow[]>(steamAccountsQueryKey) ?? []).filter(
    (row) => row.id !== account.id && row.trade_url,
  );

  const runDirect = async (options: ReturnType<typeof buildActionCall>['options']) => {
    setDirect({ busy: true, avatars: null });
    const result = await botApi.call(action.route, options);
    const data = result.success ? (result.data as { results?: RandomAvatar[] } | null) : null;
    setDirect({ busy: false, avatars: data?.results ?? null });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const call = buildActionCall(action, account.id, values);
    if (Object.keys(call.errors).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(call.errors).map(([name, message]) => [
            name,
            message === 'required'
              ? t('ops.required')
              : message === 'atLeastOne'
                ? t('botCalls.atLeastOne')
                : t('botCalls.invalid'),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    if (action.money) setPending(call.options);
    else if (action.direct) void runDirect(call.options);
    else void job.run(action.route, call.options);
  };

  const setValue = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  // Errors of the schema on no input (the account id in the body): shown above the form.
  const formError = Object.entries(errors)
    .filter(([name]) => !action.inputs.some((item) => item.name === name))
    .map(([, message]) => message)[0];

  const field = (item: ActionInput) => {
    const multiline = item.kind === 'multiline' || item.kind === 'assets';
    return (
      <TextField
        key={item.name}
        name={item.name}
        label={t(inputLabelKey(item))}
        type={item.kind === 'number' ? 'number' : 'text'}
        select={item.kind === 'select'}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        maxRows={multiline ? 6 : undefined}
        required={item.required}
        value={values[item.name] ?? ''}
        onChange={(event) => setValue(item.name, event.target.value)}
        error={Boolean(errors[item.name])}
        helperText={errors[item.name] || (item.helperKey ? t(item.helperKey) : undefined)}
        fullWidth
      >
        {item.kind === 'select' &&
          (item.options ?? []).map((option) => (
            <MenuItem key={option} value={option}>
              {item.optionsKey ? t(`${item.optionsKey}.${option}`) : option}
            </MenuItem>
          ))}
      </TextField>
    );
  };

  const preview = action.money
    ? steamMoneyPreview(action, account, values, (id) => t('pricing.steamListing.item', { id }))
    : null;
  const busy = job.starting || job.active || direct.busy;
  const ran = Boolean(job.job) || direct.avatars !== null;
  const formId = `steam-action-${action.key}`;
  return (
    <WideDialog
      onClose={onClose}
      width="sm"
      title={`${title} · ${account.steam_account_name}`}
      actions={
        <>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={busy} data-testid="run-action">
            {ran ? t('ops.runAgain') : t('ops.run')}
          </Button>
        </>
      }
    >
      {pending && preview && (
        <MoneyPreviewDialog
          title={t(action.money === 'order' ? 'pricing.steamOrder.title' : 'pricing.steamListing.title', {
            account: account.steam_account_name,
          })}
          intro={
            action.money === 'order' && (
              <Alert severity="warning" sx={{ mb: 1.5 }}>
                {t('pricing.steamOrder.intro')}
              </Alert>
            )
          }
          rows={[
            {
              ...preview.row,
              marks: preview.quantity
                ? [
                    {
                      label: t('pricing.steamOrder.quantity', {
                        quantity: preview.quantity.count,
                        price: formatAmount(preview.quantity.price, preview.row.currency, lang),
                      }),
                    },
                  ]
                : undefined,
            },
          ]}
          confirmLabel={t(
            action.money === 'order' ? 'pricing.steamOrder.confirm' : 'pricing.steamListing.confirm',
          )}
          onConfirm={() => {
            setPending(null);
            void job.run(action.route, pending);
          }}
          onClose={() => setPending(null)}
        />
      )}
      <Box component="form" id={formId} noValidate onSubmit={submit}>
        {action.inputs.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('ops.steamActions.noInputs')}
          </Typography>
        )}
        {formError && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {formError}
          </Alert>
        )}
        {action.inputs.some((item) => item.name === 'trade_url') && partners.length > 0 && (
          <TextField
            select
            label={t('botCalls.input.partner')}
            value=""
            onChange={(event) => {
              const partner = partners.find((row) => String(row.id) === event.target.value);
              if (partner?.trade_url) setValue('trade_url', partner.trade_url);
            }}
            helperText={t('botCalls.input.partnerHint')}
            fullWidth
          >
            {partners.map((row) => (
              <MenuItem key={row.id} value={String(row.id)}>
                {row.steam_account_name}
                {row.steam_id ? ` · ${row.steam_id}` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        {action.inputs.map(field)}
      </Box>
      {action.direct ? (
        direct.avatars && (
          <Box data-testid="direct-result" sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('botCalls.avatars', { count: direct.avatars.length })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {direct.avatars.map((avatar) => (
                <Typography component="li" variant="body2" key={avatar.name}>
                  {avatar.name}
                </Typography>
              ))}
            </Box>
          </Box>
        )
      ) : (
        <JobProgress job={job.job} starting={job.starting} startError={job.startError} logsOpen />
      )}
    </WideDialog>
  );
}
