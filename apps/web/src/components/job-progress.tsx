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
import { formatDateTime } from '@/lib/format';

import { MdiIcon } from './mdi-icon';

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

/** A job's result in one line: short values as they are, objects as compact JSON. */
export function summariseResult(result: unknown, max = 300): string {
  if (result === null || result === undefined) return '';
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return text.length > max ? `${text.slice(0, max)}…` : text;
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
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
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
            {t('ops.jobs.attempts', { attempts: job.attempts, max: job.max_attempts })}
          </Typography>
        )}
        {job && (
          <Typography variant="caption" color="text.secondary">
            {job.kind} · {formatDateTime(job.finished_at ?? job.started_at ?? job.created_at, lang)}
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
          {job.error.message}
          {job.error.retryable === false ? ` (${t('ops.jobs.notRetryable')})` : ''}
        </Alert>
      )}
      {job?.state === 'done' && job.result !== null && job.result !== undefined && (
        <Typography
          variant="caption"
          component="div"
          data-testid="job-result"
          sx={{ mt: 0.5, fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {summariseResult(job.result)}
        </Typography>
      )}
      <Collapse in={open} unmountOnExit>
        <Box
          component="ol"
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
