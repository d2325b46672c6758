import type { BotConfirmationAnswer, BotSteamConfirmation } from '@toydesk/contract';
import { mdiCheck, mdiClose, mdiRefresh } from '@mdi/js';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { MdiIcon } from '@/components/mdi-icon';
import { formatDateTime } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { useAnswerConfirmations } from '../api/answer-confirmations';
import { useConfirmations } from '../api/get-confirmations';
import { AnswerResults } from './answer-results';
import { SubjectText, useSubjectLine } from './subject-text';

export interface ConfirmationsPanelProps {
  account: number;
  accountName: string;
}

interface BulkAsk {
  accept: boolean;
  ids: string[];
}

/** The account's pending mobile confirmations: accept or decline one, or the selected ones after a prompt. */
export function ConfirmationsPanel({ account, accountName }: ConfirmationsPanelProps) {
  const { t, lang } = useUiLang();
  const query = useConfirmations(account);
  const subjectLine = useSubjectLine();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<BulkAsk | null>(null);
  const [answer, setAnswer] = useState<BotConfirmationAnswer | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  // Names of the lines of the last answer, kept while the list refreshes without them.
  const [known, setKnown] = useState<ReadonlyMap<string, BotSteamConfirmation>>(new Map());

  const rows = useMemo(() => query.data ?? [], [query.data]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const mutation = useAnswerConfirmations((result) => {
    setAnswer(result);
    setSelected(new Set());
    setAsking(null);
  });

  const send = (accept: boolean, ids: string[]) => {
    setKnown(new Map(byId));
    setAnswer(null);
    setRequestError(null);
    mutation.mutate(
      { account, accept, ids },
      {
        onError: (error) => {
          setAsking(null);
          setRequestError(error.message);
        },
      },
    );
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChecked = rows.length > 0 && selectedIds.length === rows.length;
  const busy = mutation.isPending;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: 1, minWidth: 0 }}
      aria-label={t('steamGuard.confirmations.title')}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mr: 1 }}>
          {t('steamGuard.confirmations.title')}
        </Typography>
        {query.data && (
          <Chip size="small" label={t('steamGuard.confirmations.count', { count: rows.length })} />
        )}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          color="success"
          variant="contained"
          disabled={busy || selectedIds.length === 0}
          startIcon={<MdiIcon path={mdiCheck} />}
          onClick={() => setAsking({ accept: true, ids: selectedIds })}
        >
          {t('steamGuard.confirmations.acceptSelected', { count: selectedIds.length })}
        </Button>
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={busy || selectedIds.length === 0}
          startIcon={<MdiIcon path={mdiClose} />}
          onClick={() => setAsking({ accept: false, ids: selectedIds })}
        >
          {t('steamGuard.confirmations.declineSelected', { count: selectedIds.length })}
        </Button>
        <Button
          size="small"
          disabled={query.isFetching || busy}
          startIcon={<MdiIcon path={mdiRefresh} />}
          onClick={() => void query.refetch()}
        >
          {t('steamGuard.confirmations.refresh')}
        </Button>
      </Stack>

      {answer && <AnswerResults answer={answer} known={known} onClose={() => setAnswer(null)} />}
      {requestError && (
        <Alert severity="error" onClose={() => setRequestError(null)} sx={{ mb: 1 }}>
          {t('steamGuard.results.requestFailed', { reason: requestError })}
        </Alert>
      )}
      {(query.isFetching || busy) && (
        <Box sx={{ mb: 1 }}>
          <LinearProgress />
          <Typography variant="caption" color="text.secondary">
            {busy ? t('steamGuard.confirmations.working') : t('steamGuard.confirmations.loading')}
          </Typography>
        </Box>
      )}
      {query.isError && (
        <Alert severity="error">
          {t('steamGuard.confirmations.failed', { reason: query.error.message })}
        </Alert>
      )}
      {query.data && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('steamGuard.confirmations.empty')}
        </Typography>
      )}
      {rows.length > 0 && (
        <Table size="small" aria-label={t('steamGuard.confirmations.title')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={allChecked}
                  indeterminate={selectedIds.length > 0 && !allChecked}
                  onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((row) => row.id)))}
                  slotProps={{ input: { 'aria-label': t('steamGuard.confirmations.selectAll') } }}
                />
              </TableCell>
              <TableCell>{t('steamGuard.confirmations.kind')}</TableCell>
              <TableCell>{t('steamGuard.confirmations.what')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('steamGuard.confirmations.created')}</TableCell>
              <TableCell align="right">{t('steamGuard.confirmations.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover selected={selected.has(row.id)} data-confirmation-id={row.id}>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={selected.has(row.id)}
                    onChange={() => toggle(row.id)}
                    slotProps={{
                      input: { 'aria-label': t('steamGuard.confirmations.select', { id: row.id }) },
                    }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`steamGuard.kinds.${row.kind}`)}</TableCell>
                <TableCell>
                  <SubjectText confirmation={row} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at, lang)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    color="success"
                    disabled={busy}
                    aria-label={t('steamGuard.confirmations.acceptOne', { id: row.id })}
                    onClick={() => send(true, [row.id])}
                  >
                    {t('steamGuard.confirmations.accept')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    aria-label={t('steamGuard.confirmations.declineOne', { id: row.id })}
                    onClick={() => send(false, [row.id])}
                  >
                    {t('steamGuard.confirmations.decline')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      {asking && (
        <ConfirmDialog
          title={t(asking.accept ? 'steamGuard.confirm.acceptTitle' : 'steamGuard.confirm.declineTitle', {
            count: asking.ids.length,
          })}
          text={
            <>
              {t(asking.accept ? 'steamGuard.confirm.acceptText' : 'steamGuard.confirm.declineText', {
                account: accountName,
              })}
              <Box component="ul" sx={{ mt: 1, mb: 0, pl: 2 }}>
                {asking.ids.map((id) => {
                  const row = byId.get(id);
                  return <li key={id}>{row ? subjectLine(row) : id}</li>;
                })}
              </Box>
            </>
          }
          confirmLabel={t(
            asking.accept ? 'steamGuard.confirmations.accept' : 'steamGuard.confirmations.decline',
          )}
          danger={!asking.accept}
          busy={busy}
          onConfirm={() => send(asking.accept, asking.ids)}
          onClose={() => setAsking(null)}
        />
      )}
    </Paper>
  );
}
