import { Autocomplete, Stack, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

import { Page } from '@/components/page';

import { useAccountOptions } from '../api/get-account-options';
import { ConfirmationsPanel } from './confirmations-panel';
import { GuardCodeCard } from './guard-code-card';

/** The account in the address (?account=<id>), so the row menu can link here and Back works. */
function useAccountParam(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('account');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const set = (next: number | null) =>
    setParams(next === null ? {} : { account: String(next) }, { replace: false });
  return [id, set];
}

/** Steam Guard of one Steam account: the current 2FA code and the pending mobile confirmations. */
export function SteamGuardScreen() {
  const { t } = useTranslation();
  const [account, setAccount] = useAccountParam();
  const options = useAccountOptions();
  const list = options.data ?? [];
  const picked = list.find((option) => option.id === account) ?? null;

  return (
    <Page
      title={t('steamGuard.title')}
      actions={
        <Autocomplete
          size="small"
          sx={{ width: 320 }}
          options={list}
          loading={options.isLoading}
          value={picked}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, value) => setAccount(value?.id ?? null)}
          renderInput={(params) => <TextField {...params} label={t('steamGuard.account')} />}
        />
      }
    >
      {account === null ? (
        <Typography color="text.secondary">{t('steamGuard.pickAccount')}</Typography>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }} key={account}>
          <GuardCodeCard account={account} />
          <ConfirmationsPanel account={account} accountName={picked?.name ?? `#${account}`} />
        </Stack>
      )}
    </Page>
  );
}
