import { Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { BotJob } from '@toydesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { JobProgress } from '@/components/job-progress';
import { useBotJob } from '@/lib/bot-jobs';

import { SELL_ITEMS_KEYS } from '../api/sell-items-keys';

/** One set-prices job followed until it ends; the list is read again when it does. */
function MarketPriceJob({ job, onFinish }: { job: BotJob; onFinish: () => void }) {
  const { t } = useTranslation();
  const view = useBotJob(job.id, { initial: job, onFinish });
  return (
    <JobProgress job={view.job} title={t('sellMarketPrices.jobTitle', { account: job.account ?? '' })} />
  );
}

export interface MarketPriceJobsDialogProps {
  jobs: BotJob[];
  /** Rows left out because they have no listing on the market. */
  skipped: number;
  onClose: () => void;
}

/** The bot jobs that carry a price change to the market, one per market account. */
export function MarketPriceJobsDialog({ jobs, skipped, onClose }: MarketPriceJobsDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The job wrote sell_item (price, status): read the list and the counts again.
  const refresh = useCallback(() => {
    void Promise.all(SELL_ITEMS_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient]);
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('sellMarketPrices.title', { count: jobs.length })}
      maxWidth="sm"
      fullWidth
      actions={<Button onClick={onClose}>{t('sellMarketPrices.close')}</Button>}
    >
      <Stack spacing={1} data-testid="market-price-jobs">
        {skipped > 0 && (
          <Typography variant="body2" color="warning.main">
            {t('sellMarketPrices.skipped', { count: skipped })}
          </Typography>
        )}
        {jobs.length === 0 && <Typography variant="body2">{t('sellMarketPrices.nothingStarted')}</Typography>}
        {jobs.map((job) => (
          <MarketPriceJob key={job.id} job={job} onFinish={refresh} />
        ))}
      </Stack>
    </AppDialog>
  );
}
