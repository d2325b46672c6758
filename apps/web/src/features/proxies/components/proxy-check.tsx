import { CircularProgress, Tooltip } from '@mui/material';
import { proxyCheckResultSchema, type BotJob } from '@toydesk/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { JobStateChip } from '@/components/job-progress';
import { useBotJob } from '@/lib/bot-jobs';
import { PALETTE } from '@/lib/theme';

const REASON: CSSProperties = {
  color: PALETTE.error,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};
/** MUI's success green, as the status chips use. */
const UP: CSSProperties = { color: '#2e7d32', whiteSpace: 'nowrap' };

/**
 * A "check now" job of one proxy, followed in its row until it ends; then the list is read again. The
 * outcome is the check's, not the job's: a check that ran fine but found the proxy down says why (timeout,
 * connection refused, wrong credentials, wrong address, the proxy's HTTP status) in the operator's language.
 */
export function ProxyCheck({ job, onFinish }: { job: BotJob; onFinish: (job: BotJob) => void }) {
  const { t } = useTranslation();
  const view = useBotJob(job.id, { initial: job, onFinish });
  if (!view.job) return null;
  if (view.active)
    return (
      <Tooltip title={t('ops.proxies.checking')}>
        <CircularProgress size={14} aria-label={t('ops.proxies.checking')} />
      </Tooltip>
    );
  const result = view.job.state === 'done' ? proxyCheckResultSchema.safeParse(view.job.result) : null;
  if (!result?.success) return <JobStateChip state={view.job.state} />;
  const check = result.data;
  if (check.status === 'up')
    return (
      <span style={UP} data-testid="proxy-check-up">
        {t('layoutFit.proxyCheck.up', { latency: check.latency_ms ?? '—' })}
      </span>
    );
  if (check.status !== 'down') return <JobStateChip state={view.job.state} />;
  const text = check.reason
    ? t(`layoutFit.proxyCheck.reason.${check.reason}`, { status: check.http_status ?? '—' })
    : t('layoutFit.proxyCheck.down');
  return (
    <span style={REASON} title={text} data-testid="proxy-check-reason">
      {text}
    </span>
  );
}
