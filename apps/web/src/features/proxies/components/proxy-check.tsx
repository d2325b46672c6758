import { CircularProgress, Tooltip } from '@mui/material';
import type { BotJob } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { JobStateChip } from '@/components/job-progress';
import { useBotJob } from '@/lib/bot-jobs';

/** A "check now" job of one proxy, followed in its row until it ends; then the list is read again. */
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
  return <JobStateChip state={view.job.state} />;
}
