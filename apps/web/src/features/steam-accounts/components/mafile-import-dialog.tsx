import { mdiFileUpload } from '@mdi/js';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { BotJob } from '@toydesk/contract';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { botApi } from '@/lib/bot-api';
import { useBotJob } from '@/lib/bot-jobs';

import { steamAccountsQueryKey, type SteamAccountRow } from '../api/get-steam-accounts';
import { matchMaFile, parseMaFile, type ParsedMaFile } from '../utils/mafile';

interface FileRow extends ParsedMaFile {
  accountId: number | null;
  job: BotJob | null;
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

export interface MaFileImportDialogProps {
  accounts: readonly SteamAccountRow[];
  onClose: () => void;
}

/**
 * Import one or many .maFile files: each is matched to its account (SteamID64, login, name or file name,
 * changeable), then sent to the sign-up service's maFile import, one job per file followed here.
 */
export function MaFileImportDialog({ accounts, onClose }: MaFileImportDialogProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<FileRow[]>([]);
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const parsed = await Promise.all(files.map(async (file) => parseMaFile(file.name, await file.text())));
    setRows((current) => [
      ...current,
      ...parsed.map((file) => ({
        ...file,
        accountId: file.problem ? null : matchMaFile(file, accounts),
        job: null,
        startError: null,
      })),
    ]);
  };

  const ready = rows.filter((row) => row.mafile && row.accountId !== null && !row.job);
  const importAll = async () => {
    setBusy(true);
    for (const row of ready) {
      const result = await botApi.call('bot-signup.import_mafile', {
        params: { id: row.accountId as number },
        body: { mafile: row.mafile as never },
      });
      setRows((current) =>
        current.map((item) =>
          item === row
            ? {
                ...item,
                job: result.success ? (result.data as BotJob) : null,
                startError: result.success ? null : (result.error ?? `HTTP ${result.status}`),
              }
            : item,
        ),
      );
    }
    setBusy(false);
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={busy}
      maxWidth="md"
      fullWidth
      title={t('ops.mafile.title')}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('common.close')}
          </Button>
          <Button
            variant="contained"
            disabled={busy || ready.length === 0}
            onClick={() => void importAll()}
            data-testid="mafile-import"
          >
            {t('ops.mafile.import', { count: ready.length })}
          </Button>
        </>
      }
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
                  {t(`ops.mafile.problem.${row.problem}`)}
                </Typography>
              ) : (
                <TextField
                  select
                  margin="none"
                  sx={{ width: 240 }}
                  label={t('fields.steam_account')}
                  value={row.accountId === null ? '' : String(row.accountId)}
                  disabled={!!row.job || busy}
                  error={row.accountId === null}
                  onChange={(event) =>
                    setRows((current) =>
                      current.map((item, at) =>
                        at === index
                          ? { ...item, accountId: event.target.value ? Number(event.target.value) : null }
                          : item,
                      ),
                    )
                  }
                >
                  <MenuItem value="">{t('ops.mafile.noAccount')}</MenuItem>
                  {accounts.map((account) => (
                    <MenuItem key={account.id} value={String(account.id)}>
                      {account.steam_account_name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
            {(row.job || row.startError) && <FileJob row={row} />}
          </Box>
        ))}
      </Stack>
    </AppDialog>
  );
}
