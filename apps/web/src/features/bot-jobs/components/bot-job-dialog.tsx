import { mdiCancel } from '@mdi/js';
import { Box, Button, Typography } from '@mui/material';

import { WideDialog } from '@/components/wide-dialog';
import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { ResultDetails } from '@/components/result-details';
import { useBotJob } from '@/lib/bot-jobs';
import { formatDateTime } from '@/lib/format';
import { isMarketAccountKind, kindTitle } from '@/lib/job-results/job-kinds';
import { useTextContext } from '@/lib/job-results/use-text-context';
import { useUiLang } from '@/lib/use-ui-lang';

import { useCancelBotJob } from '../api/cancel-bot-job';

/** The job's raw parameters, result and error: behind «Подробнее», like every raw value. */
function Raw({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>{' '}
      <ResultDetails values={[value]} />
    </Box>
  );
}

/** One job: its state followed live, attempts, times, parameters, result or error, the full log; cancel. */
export function BotJobDialog({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { t, lang } = useUiLang();
  const ctx = useTextContext();
  const view = useBotJob(jobId);
  const cancel = useCancelBotJob();
  const job = view.job;
  return (
    <WideDialog
      onClose={onClose}
      title={t('ops.botJobs.jobTitle', { kind: job ? kindTitle(job.kind, ctx) : '…', id: jobId })}
      actions={
        <>
          {job && view.active && (
            <Button
              color="error"
              startIcon={<MdiIcon path={mdiCancel} />}
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(jobId)}
            >
              {t('ops.botJobs.cancel')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      {job && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="job-times">
            {t('ops.botJobs.created')}: {formatDateTime(job.created_at, lang)} · {t('ops.botJobs.started')}:{' '}
            {formatDateTime(job.started_at, lang)} · {t('ops.botJobs.finished')}:{' '}
            {formatDateTime(job.finished_at, lang)}
            {job.account !== null
              ? ` · ${t('ops.botJobs.account')}: ${
                  isMarketAccountKind(job.kind)
                    ? ctx.marketAccountLabel(job.account)
                    : ctx.steamAccountName(job.account)
                }`
              : ''}
          </Typography>
          <JobProgress job={job} />
          <Raw label={t('ops.botJobs.params')} value={job.params} />
          <Raw label={t('ops.botJobs.result')} value={job.result} />
          <Raw label={t('ops.botJobs.error')} value={job.error} />
        </>
      )}
    </WideDialog>
  );
}
