import { mdiUpload } from '@mdi/js';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import type { ToyCreate } from '@toydesk/contract';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { notify } from '@/lib/notifications';
import { ApiFailure } from '@/lib/query';

import { useImportToys } from '../api/import-toys';
import { parseImport, rowErrorsFromBody, type ImportRow } from '../utils/parse-import';

type Parsed = { rows: ImportRow[]; error: null } | { rows: []; error: string };

/**
 * Catalogue import: paste or upload JSON or CSV, check the preview, send the readable rows to
 * toys-create-and-update (all or nothing); a 400 is shown against the rows it names.
 */
export function ImportToysDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [serverErrors, setServerErrors] = useState<Map<number, string>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const importToys = useImportToys();

  const parsed = useMemo<Parsed>(() => {
    try {
      return { rows: parseImport(text), error: null };
    } catch (error) {
      return { rows: [], error: error instanceof Error ? error.message : String(error) };
    }
  }, [text]);
  const valid = parsed.rows.filter((row) => !row.error);
  const sentIndex = useMemo(() => new Map(valid.map((row, index) => [row.line, index])), [valid]);

  const errorOf = (row: ImportRow) => {
    if (row.error === 'market_hash_name') return t('toys.import.noName');
    if (row.error) return t('toys.import.badRow', { detail: row.error });
    const index = sentIndex.get(row.line);
    return index === undefined ? undefined : serverErrors.get(index);
  };

  const columns: VirtualColumn<ImportRow>[] = [
    { id: 'line', header: t('toys.import.line'), width: 70, align: 'right', render: (row) => row.line },
    {
      id: 'name',
      header: t('fields.market_hash_name'),
      width: 260,
      grow: 1,
      render: (row) => row.toy.market_hash_name || '—',
    },
    {
      id: 'fields',
      header: t('toys.import.fields'),
      width: 200,
      render: (row) =>
        Object.keys(row.toy)
          .filter((k) => k !== 'market_hash_name')
          .join(', ') || '—',
    },
    {
      id: 'error',
      header: t('toys.import.error'),
      width: 260,
      grow: 1,
      render: (row) => {
        const message = errorOf(row);
        return message ? (
          <Typography variant="body2" color="error" noWrap title={message}>
            {message}
          </Typography>
        ) : (
          '✓'
        );
      },
    },
  ];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setText(await file.text());
    event.target.value = '';
  };

  const submit = async () => {
    setFormError(null);
    setServerErrors(new Map());
    try {
      const result = await importToys.mutateAsync(valid.map((row) => row.toy as ToyCreate));
      notify({
        text: t('toys.import.done', { created: result.created, updated: result.updated }),
        color: 'success',
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        const byRow = rowErrorsFromBody(error.errors);
        setServerErrors(byRow);
        setFormError(t('toys.import.rejected', { count: byRow.size }));
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    }
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={text !== '' || importToys.isPending}
      maxWidth="md"
      fullWidth
      title={t('toys.import.title')}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={valid.length === 0 || importToys.isPending}
            onClick={() => void submit()}
          >
            {t('toys.import.send', { count: valid.length })}
          </Button>
        </>
      }
    >
      {importToys.isPending && <LinearProgress sx={{ mb: 1 }} />}
      <Alert severity="info" sx={{ mb: 1 }}>
        {t('toys.import.hint')}
      </Alert>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<MdiIcon path={mdiUpload} />}>
          {t('toys.import.upload')}
          <input
            hidden
            type="file"
            accept=".json,.csv,.txt,text/csv,application/json"
            onChange={(e) => void onFile(e)}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('toys.import.summary', { total: parsed.rows.length, valid: valid.length })}
        </Typography>
      </Stack>
      <TextField
        multiline
        rows={5}
        fullWidth
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setServerErrors(new Map());
        }}
        label={t('toys.import.text')}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
      {parsed.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('toys.import.unreadable', { detail: parsed.error })}
        </Alert>
      )}
      {formError && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="form-error">
          {formError}
        </Alert>
      )}
      {parsed.rows.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <VirtualTable
            rows={parsed.rows}
            columns={columns}
            getRowId={(row) => row.line}
            label={t('toys.import.preview')}
            height={240}
            rowHeight={30}
          />
        </Box>
      )}
    </AppDialog>
  );
}
