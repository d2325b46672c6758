import { Box, IconButton } from '@mui/material';
import { mdiClose } from '@mdi/js';
import type { BotJob } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { useBotJob } from '@/lib/bot-jobs';

/** The "check all" fan-out job above the table; the checks it queues update the list as they finish. */
export function ProxyCheckAll({
  job,
  onFinish,
  onClose,
}: {
  job: BotJob;
  onFinish: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const view = useBotJob(job.id, { initial: job, onFinish });
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        mb: 1,
        px: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ flex: 1 }}>
        <JobProgress job={view.job} title={t('ops.proxies.checkAll')} />
      </Box>
      <IconButton size="small" aria-label={t('common.close')} onClick={onClose}>
        <MdiIcon path={mdiClose} fontSize="small" />
      </IconButton>
    </Box>
  );
}
