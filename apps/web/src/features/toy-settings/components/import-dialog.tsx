import { mdiUpload } from '@mdi/js';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { notify } from '@/lib/notifications';
import { ApiFailure } from '@/lib/query';

import type { RowCheck } from '../utils/import-specs';
import {
  fieldErrorsText,
  ImportRowsError,
  parseImport,
  rowErrorsFromBody,
  type ImportIssue,
  type ImportRow,
  type ImportSpec,
} from '../utils/parse-import';

/** Lines of bad rows named in the summary; the table shows every one. */
const LINES_NAMED = 10;

export interface ImportResult {
  created: number;
  updated: number;
}

export interface ImportDialogProps<Body> {
  title: string;
  /** The accepted formats and columns, in the operator's words. */
  hint: string;
  spec: ImportSpec;
  /** A readable row's body, or its errors by field (the entity's schema and rules). */
  check: (values: Record<string, unknown>) => RowCheck<Body>;
  /**
   * Writes the good rows (all or nothing); a 400 ApiFailure or an ImportRowsError names the refused rows by
   * their index in `rows`.
   */
  submit: (rows: Body[]) => Promise<ImportResult>;
  onClose: () => void;
}

interface CheckedRow<Body> extends ImportRow {
  check: RowCheck<Body> | null;
}

type Parsed<Body> = { rows: CheckedRow<Body>[]; error: null } | { rows: []; error: string };

/** A value as the preview shows it ('' for nothing). */
const cellText = (value: unknown) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join('|') : String(value);

/**
 * Import of JSON or CSV into one entity: paste or upload, check the preview (every row's errors named by
 * line and field), send the good rows in one request; the server's refusals are shown against their rows.
 */
export function ImportDialog<Body>({ title, hint, spec, check, submit, onClose }: ImportDialogProps<Body>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [refused, setRefused] = useState<Map<number, string>>(new Map());
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const parsed = useMemo<Parsed<Body>>(() => {
    try {
      const rows = parseImport(spec, text).map((row) => ({
        ...row,
        check: row.issue ? null : check(row.values),
      }));
      return { rows, error: null };
    } catch (error) {
      return { rows: [], error: error instanceof Error ? error.message : String(error) };
    }
  }, [spec, text, check]);
  const good = useMemo(
    () => parsed.rows.flatMap((row) => (row.check?.ok ? [{ line: row.line, body: row.check.body }] : [])),
    [parsed.rows],
  );
  const sentIndex = useMemo(() => new Map(good.map((row, index) => [row.line, index])), [good]);
  const badLines = parsed.rows.filter((row) => !row.check?.ok).map((row) => row.line);

  const issueText = (issue: ImportIssue) => {
    if (issue.kind === 'missing_key')
      return t('toys.import.missingKey', { count: issue.fields.length, fields: issue.fields.join(', ') });
    if (issue.kind === 'unknown_columns')
      return t('toys.import.unknownColumns', { fields: issue.fields.join(', ') });
    return t('toys.import.notObject');
  };
  const errorOf = (row: CheckedRow<Body>) => {
    if (row.issue) return issueText(row.issue);
    if (row.check && !row.check.ok) return fieldErrorsText(row.check.errors);
    const index = sentIndex.get(row.line);
    return index === undefined ? undefined : refused.get(index);
  };

  const columns: VirtualColumn<CheckedRow<Body>>[] = [
    { id: 'line', header: t('toys.import.line'), width: 70, align: 'right', render: (row) => row.line },
    {
      id: 'name',
      header: t('fields.market_hash_name'),
      width: 240,
      grow: 1,
      render: (row) => {
        // The first filled key names the row; a toy given only by id shows as "toy #17".
        const key = spec.keys.find((k) => cellText(row.values[k]) !== '');
        if (key === undefined) return '—';
        return key === spec.keys[0] ? cellText(row.values[key]) : `${key} #${cellText(row.values[key])}`;
      },
    },
    {
      id: 'fields',
      header: t('toys.import.fields'),
      width: 220,
      grow: 1,
      render: (row) =>
        Object.entries(row.values)
          .filter(([k]) => !spec.keys.includes(k))
          .map(([k, v]) => `${k}: ${cellText(v) || '—'}`)
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
    if (file) {
      setText(await file.text());
      setRefused(new Map());
    }
    event.target.value = '';
  };

  const send = async () => {
    setFormError(null);
    setRefused(new Map());
    setPending(true);
    try {
      const result = await submit(good.map((row) => row.body));
      notify({
        text: t('toys.import.done', { created: result.created, updated: result.updated }),
        color: 'success',
      });
      onClose();
    } catch (error) {
      const byRow =
        error instanceof ImportRowsError
          ? error.byRow
          : error instanceof ApiFailure && error.status === 400
            ? rowErrorsFromBody(error.errors)
            : null;
      if (byRow) {
        setRefused(byRow);
        setFormError(t('toys.import.rejected', { count: byRow.size }));
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setPending(false);
    }
  };

  const shownLines = badLines.slice(0, LINES_NAMED).join(', ') + (badLines.length > LINES_NAMED ? ', …' : '');
  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={text !== '' || pending}
      maxWidth="md"
      fullWidth
      title={title}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={good.length === 0 || pending} onClick={() => void send()}>
            {t('toys.import.send', { count: good.length })}
          </Button>
        </>
      }
    >
      {pending && <LinearProgress sx={{ mb: 1 }} />}
      <Alert severity="info" sx={{ mb: 1 }}>
        {hint}
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
          {t('toys.import.summary', { total: parsed.rows.length, valid: good.length })}
        </Typography>
      </Stack>
      <TextField
        multiline
        rows={5}
        fullWidth
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setRefused(new Map());
        }}
        label={t('toys.import.text')}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
      {parsed.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('toys.import.unreadable', { detail: parsed.error })}
        </Alert>
      )}
      {badLines.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="invalid-rows">
          {t('toys.import.invalidRows', { lines: shownLines })}
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
