import { mdiChevronDown, mdiChevronUp } from '@mdi/js';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  LinearProgress,
  Stack,
  Typography,
  type ChipProps,
} from '@mui/material';
import type { BotJob, BotJobState } from '@toydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isJobFinished } from '@/lib/bot-jobs';
import { useUiLang } from '@/lib/use-ui-lang';
import { formatDateTime } from '@/lib/format';
import { kindTitle } from '@/lib/job-results/job-kinds';
import { formatJobError, formatJobResult } from '@/lib/job-results/job-result';
import type { TextContext } from '@/lib/job-results/text-context';
import { useTextContext } from '@/lib/job-results/use-text-context';

import { MdiIcon } from './mdi-icon';
import { ResultDetails } from './result-details';

const STATE_COLORS: Record<BotJobState, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** A job state as a coloured chip with its translated name. */
export function JobStateChip({ state }: { state: BotJobState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATE_COLORS[state]}
      label={t(`ops.jobs.state.${state}`)}
      data-testid="job-state"
      sx={{ height: 20, fontSize: 11 }}
    />
  );
}

/**
 * "Попытка 1 из 3": the attempts the job had; a failure that was not retried says so ("1 of 3, not
 * retried") instead of the bots' lowered retry limit.
 */
export function attemptsText(
  job: Pick<BotJob, 'attempts' | 'max_attempts' | 'error' | 'state'>,
  ctx: TextContext,
) {
  const options = { attempts: job.attempts, max: job.max_attempts };
  return job.state === 'failed' && job.error?.retryable === false && job.attempts < job.max_attempts
    ? ctx.t('jobResults.attemptsNotRetried', options)
    : ctx.t('ops.jobs.attempts', options);
}

export interface JobProgressProps {
  job: BotJob | null;
  /** Shown above the state, e.g. the action's name. */
  title?: string;
  /** The start is under way (no job yet). */
  starting?: boolean;
  /** The start was refused; the wrapper has already notified. */
  startError?: string | null;
  /** Log lines open from the start. */
  logsOpen?: boolean;
}

/**
 * A bot job as the operator follows it: state, attempts, a 4 px bar while it is queued or running, the
 * result or the error, and the job's log lines behind a toggle.
 */
export function JobProgress({ job, title, starting, startError, logsOpen = false }: JobProgressProps) {
  const { t, lang } = useUiLang();
  const ctx = useTextContext();
  const [open, setOpen] = useState(logsOpen);
  if (!job && !starting && !startError) return null;
  const logs = job?.logs ?? [];
  const active = starting || (!!job && !isJobFinished(job));
  return (
    <Box data-testid="job-progress" sx={{ py: 0.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 24, flexWrap: 'wrap' }}>
        {title && (
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
        )}
        {job ? (
          <JobStateChip state={job.state} />
        ) : starting ? (
          <Typography variant="caption">{t('ops.jobs.starting')}</Typography>
        ) : null}
        {job && (
          <Typography variant="caption" color="text.secondary" data-testid="job-attempts">
            {attemptsText(job, ctx)}
          </Typography>
        )}
        {job && (
          <Typography variant="caption" color="text.secondary">
            {kindTitle(job.kind, ctx)} ·{' '}
            {formatDateTime(job.finished_at ?? job.started_at ?? job.created_at, lang)}
          </Typography>
        )}
        {logs.length > 0 && (
          <Button
            size="small"
            onClick={() => setOpen((value) => !value)}
            endIcon={<MdiIcon path={open ? mdiChevronUp : mdiChevronDown} />}
            sx={{ ml: 'auto', py: 0 }}
          >
            {t('ops.jobs.log', { count: logs.length })}
          </Button>
        )}
      </Stack>
      {active && <LinearProgress sx={{ my: 0.5 }} aria-label={t('ops.jobs.inProgress')} />}
      {startError && !job && (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }} data-testid="job-start-error">
          {startError}
        </Alert>
      )}
      {job?.state === 'failed' && job.error && (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }} data-testid="job-error">
          <ResultDetails values={[job.error]}>
            {formatJobError(job.error, ctx)}
            {job.error.retryable === false ? ` (${t('ops.jobs.notRetryable')})` : ''}
          </ResultDetails>
        </Alert>
      )}
      {job?.state === 'done' && job.result !== null && job.result !== undefined && (
        <Typography variant="body2" component="div" sx={{ mt: 0.5 }}>
          <ResultDetails values={[job.result]}>
            <span data-testid="job-result">{formatJobResult(job, ctx)}</span>
          </ResultDetails>
        </Typography>
      )}
      <Collapse in={open} unmountOnExit>
        <Box
          component="ol"
          // The bots' own log lines, as they wrote them (English): a raw view like «Подробнее».
          data-details=""
          data-testid="job-logs"
          sx={{
            m: 0,
            mt: 0.5,
            pl: 0,
            listStyle: 'none',
            maxHeight: 220,
            overflow: 'auto',
            fontFamily: 'monospace',
            fontSize: 12,
            bgcolor: 'grey.100',
            borderRadius: 1,
            p: 1,
          }}
        >
          {logs.map((line, index) => (
            <Box
              component="li"
              key={`${line.at}-${index}`}
              sx={{
                color:
                  line.level === 'error' ? 'error.main' : line.level === 'warn' ? 'warning.main' : 'inherit',
              }}
            >
              {formatDateTime(line.at, lang)} #{line.attempt} {line.message}
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
