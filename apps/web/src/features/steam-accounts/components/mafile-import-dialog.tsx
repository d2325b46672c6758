import { mdiFileUpload } from '@mdi/js';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { BotJob } from '@toydesk/contract';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ActionDialog } from '@/components/action-dialog';
import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { botApi } from '@/lib/bot-api';
import { useBotJob } from '@/lib/bot-jobs';

import { steamAccountsQueryKey, type SteamAccountRow } from '../api/get-steam-accounts';
import { maFileMismatch, matchMaFile, parseMaFile, type ParsedMaFile } from '../utils/mafile';

/** Where a file goes: an existing account's id, a new account, or nowhere yet. */
type Target = number | 'new' | null;

interface FileRow extends ParsedMaFile {
  accountId: Target;
  /** The operator saw that the file belongs to another name or SteamID and goes on anyway. */
  confirmed: boolean;
  job: BotJob | null;
  /** The account created from the file (the target 'new'). */
  created: { id: number; steam_account_name: string } | null;
  startError: string | null;
}

function FileJob({ row }: { row: FileRow }) {
  const queryClient = useQueryClient();
  // The account's stored secrets (shown masked in the list) change with the import.
  const view = useBotJob(row.job?.id, {
    initial: row.job,
    onFinish: () => void queryClient.invalidateQueries({ queryKey: steamAccountsQueryKey }),
  });
  return <JobProgress job={view.job} startError={row.startError} />;
}

/** Both names (and SteamIDs) side by side, and the tick that lets a file of another account go on. */
function MismatchNotice({
  row,
  account,
  mismatch,
  disabled,
  onConfirm,
}: {
  row: FileRow;
  account: SteamAccountRow | null;
  mismatch: ReturnType<typeof maFileMismatch>;
  disabled: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  if (!mismatch || !account) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="mafile-mismatch">
      {mismatch.accountName && (
        <div>
          {t('ops.mafile.nameMismatch', { file: row.accountName, account: account.steam_account_name })}
        </div>
      )}
      {mismatch.steamId && (
        <div>{t('ops.mafile.steamIdMismatch', { file: row.steamId, account: account.steam_id })}</div>
      )}
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={row.confirmed}
            disabled={disabled}
            onChange={(event) => onConfirm(event.target.checked)}
          />
        }
        label={t('ops.mafile.importAnyway')}
      />
    </Alert>
  );
}

export interface MaFileImportDialogProps {
  accounts: readonly SteamAccountRow[];
  onClose: () => void;
}

/**
 * Import one or many .maFile files: each is matched to its account (SteamID64, login, name or file name,
 * changeable) or makes a new account, then sent to the sign-up service's maFile import, one job per file
 * followed here. A file whose account_name or SteamID differs from the chosen account's is imported only
 * after the operator ticks that it is meant (both names shown).
 */
export function MaFileImportDialog({ accounts, onClose }: MaFileImportDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<FileRow[]>([]);
  const [busy, setBusy] = useState(false);
  const accountOf = (target: Target) =>
    typeof target === 'number' ? (accounts.find((account) => account.id === target) ?? null) : null;
  const mismatchOf = (row: FileRow) => {
    const account = accountOf(row.accountId);
    return account ? maFileMismatch(row, account) : null;
  };
  const update = (index: number, change: Partial<FileRow>) =>
    setRows((current) => current.map((item, at) => (at === index ? { ...item, ...change } : item)));

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const parsed = await Promise.all(files.map(async (file) => parseMaFile(file.name, await file.text())));
    setRows((current) => [
      ...current,
      ...parsed.map((file) => ({
        ...file,
        accountId: file.problem ? null : matchMaFile(file, accounts),
        confirmed: false,
        job: null,
        created: null,
        startError: null,
      })),
    ]);
  };

  const ready = rows.filter(
    (row) =>
      row.mafile && row.accountId !== null && !row.job && !row.created && (row.confirmed || !mismatchOf(row)),
  );
  const importAll = async () => {
    setBusy(true);
    for (const row of ready) {
      let change: Partial<FileRow>;
      if (row.accountId === 'new') {
        const result = await botApi.call('bot-signup.create_from_mafile', {
          body: { mafile: row.mafile as never },
        });
        change = result.success
          ? { created: result.data, startError: null }
          : { startError: result.error ?? `HTTP ${result.status}` };
        if (result.success) void queryClient.invalidateQueries({ queryKey: steamAccountsQueryKey });
      } else {
        const result = await botApi.call('bot-signup.import_mafile', {
          params: { id: row.accountId as number },
          body: { mafile: row.mafile as never, ...(row.confirmed ? { confirm_account_name: true } : {}) },
        });
        change = {
          job: result.success ? (result.data as BotJob) : null,
          startError: result.success ? null : (result.error ?? `HTTP ${result.status}`),
        };
      }
      setRows((current) => current.map((item) => (item === row ? { ...item, ...change } : item)));
    }
    setBusy(false);
  };

  return (
    <ActionDialog
      title={t('ops.mafile.title')}
      confirmLabel={t('ops.mafile.import', { count: ready.length })}
      cancelLabel={t('common.close')}
      busy={busy}
      disabled={ready.length === 0}
      confirmTestId="mafile-import"
      onConfirm={() => void importAll()}
      onClose={onClose}
    >
      <Alert severity="info" sx={{ mb: 1 }}>
        {t('ops.mafile.hint')}
      </Alert>
      <Button component="label" variant="outlined" startIcon={<MdiIcon path={mdiFileUpload} />}>
        {t('ops.mafile.choose')}
        <input
          type="file"
          hidden
          multiple
          accept=".maFile,.mafile,.json,application/json"
          data-testid="mafile-input"
          onChange={(event) => void pick(event)}
        />
      </Button>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {rows.map((row, index) => (
          <Box
            key={`${row.fileName}-${index}`}
            data-testid="mafile-row"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 500, flex: 1, minWidth: 0 }} noWrap>
                {row.fileName}
                {row.accountName ? ` · ${row.accountName}` : ''}
                {row.steamId ? ` · ${row.steamId}` : ''}
              </Typography>
              {row.problem ? (
                <Typography variant="caption" color="error">
                  {t(`ops.mafile.problem.${row.problem}`, {
                    steamId: row.steamId ?? '—',
                    field: row.problemField ?? '—',
                  })}
                </Typography>
              ) : (
                <TextField
                  select
                  margin="none"
                  sx={{ width: 240 }}
                  label={t('fields.steam_account')}
                  value={row.accountId === null ? '' : String(row.accountId)}
                  disabled={!!row.job || !!row.created || busy}
                  error={row.accountId === null}
                  inputProps={{ 'data-testid': 'mafile-account' }}
                  onChange={(event) => {
                    const value = event.target.value;
                    update(index, {
                      accountId: value === 'new' ? 'new' : value ? Number(value) : null,
                      confirmed: false,
                    });
                  }}
                >
                  <MenuItem value="">{t('ops.mafile.noAccount')}</MenuItem>
                  <MenuItem value="new" disabled={!row.accountName}>
                    {t('ops.mafile.createNew', { name: row.accountName ?? '—' })}
                  </MenuItem>
                  {accounts.map((account) => (
                    <MenuItem key={account.id} value={String(account.id)}>
                      {account.steam_account_name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
            <MismatchNotice
              row={row}
              account={accountOf(row.accountId)}
              mismatch={mismatchOf(row)}
              disabled={!!row.job || busy}
              onConfirm={(confirmed) => update(index, { confirmed })}
            />
            {row.created && (
              <Alert severity="success" sx={{ mt: 1 }} data-testid="mafile-created">
                {t('ops.mafile.created', { name: row.created.steam_account_name, steamId: row.steamId })}
              </Alert>
            )}
            {(row.job || (row.startError && row.accountId !== 'new')) && <FileJob row={row} />}
            {row.startError && row.accountId === 'new' && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {row.startError}
              </Alert>
            )}
          </Box>
        ))}
      </Stack>
    </ActionDialog>
  );
}
