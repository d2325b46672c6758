import { mdiChevronDown, mdiChevronUp, mdiPlay } from '@mdi/js';
import { Alert, Box, Button, Chip, Collapse, Paper, Stack, Typography, type ChipProps } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import type { BotTradingStatus } from '@toydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { ResultDetails } from '@/components/result-details';
import { useBotAction } from '@/lib/bot-jobs';
import { useUiLang } from '@/lib/use-ui-lang';
import { formatDateTime } from '@/lib/format';
import { formatBotText } from '@/lib/job-results/bot-text';
import { formatJobError } from '@/lib/job-results/job-result';
import { formatTradingAction } from '@/lib/job-results/trading-action';
import { useTextContext } from '@/lib/job-results/use-text-context';

import type { MarketAccountRow } from '../api/get-market-accounts';
import { tradingStatusQueryKey } from '../api/get-trading-status';
import { useSpendGuard } from '../api/spend-guard';
import { GoLiveDialog } from './go-live-dialog';

export const LOOP_STATE_COLORS: Record<BotTradingStatus['state'], ChipProps['color']> = {
  off: 'default',
  scheduled: 'info',
  running: 'primary',
  stopped: 'warning',
  failed: 'error',
  paused: 'error',
};

export function LoopStateChip({ status }: { status: BotTradingStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={LOOP_STATE_COLORS[status.state]}
      label={t(`marketAccounts.loopState.${status.state}`)}
      sx={{ height: 20, fontSize: 11 }}
    />
  );
}

export interface TradingLoopCardProps {
  account: Pick<MarketAccountRow, 'id' | 'label' | 'currency' | 'dry_run'>;
  loop: BotTradingStatus['loop'];
  /** What the bot service reports, or null when it has nothing for this loop yet. */
  status: BotTradingStatus | null;
}

/** One loop of one account: state, last and next run, summary, error, recent actions and "run now". */
export function TradingLoopCard({ account, loop, status }: TradingLoopCardProps) {
  const { t, lang } = useUiLang();
  const queryClient = useQueryClient();
  const ctx = useTextContext();
  const [actionsOpen, setActionsOpen] = useState(false);
  const action = useBotAction({
    onFinish: () => void queryClient.invalidateQueries({ queryKey: tradingStatusQueryKey }),
  });
  const actions = status?.recent_actions ?? [];
  const title = t(`marketAccounts.loop.${loop}`);
  // Live when either the console or the bot service says the account is not in dry run: then a run spends
  // real money and the operator confirms it first (issue 12), seeing the account's guards and spending.
  const dryRun = account.dry_run && status?.dry_run !== false;
  const [asking, setAsking] = useState(false);
  const guard = useSpendGuard(account.id);
  const spending = useMemo(
    () => (guard.data ? new Map([[account.id, guard.data]]) : undefined),
    [account.id, guard.data],
  );
  const runNow = () => {
    setAsking(false);
    void action.run('bot-trading.run', { params: { id: account.id, loop } });
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`loop-${loop}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle2">{title}</Typography>
        {status && <LoopStateChip status={status} />}
        {status && (
          <Typography variant="caption" color="text.secondary">
            {status.enabled ? t('marketAccounts.loopEnabled') : t('marketAccounts.loopDisabled')}
            {status.dry_run ? ` · ${t('fields.dry_run')}` : ''}
          </Typography>
        )}
        <Button
          size="small"
          variant="outlined"
          sx={{ ml: 'auto' }}
          startIcon={<MdiIcon path={mdiPlay} />}
          disabled={action.starting || action.active}
          onClick={() => (dryRun ? runNow() : setAsking(true))}
          aria-label={t('marketAccounts.runNowNamed', { loop: title })}
          data-testid="run-loop-now"
        >
          {t('marketAccounts.runNow')}
        </Button>
        {dryRun && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={t('pricing.runNow.dryRun')}
            sx={{ height: 20, fontSize: 11 }}
            data-testid="run-loop-dry-run"
          />
        )}
      </Stack>
      {asking && (
        <GoLiveDialog
          accounts={[{ account, loops: [], loopTitles: [title] }]}
          spending={spending}
          spendingFailed={guard.isError}
          title={t('pricing.runNow.title', { loop: title, account: account.label })}
          intro={t('pricing.runNow.intro')}
          confirmLabel={t('pricing.runNow.confirm')}
          onConfirm={runNow}
          onClose={() => setAsking(false)}
        />
      )}
      {status ? (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, mt: 0.5 }}
          component="dl"
        >
          <Typography variant="caption" color="text.secondary" component="dt">
            {t('marketAccounts.lastRun')}
          </Typography>
          <Typography variant="caption" component="dd" sx={{ m: 0 }}>
            {formatDateTime(status.last_run_at, lang)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="dt">
            {t('marketAccounts.nextRun')}
          </Typography>
          <Typography variant="caption" component="dd" sx={{ m: 0 }}>
            {formatDateTime(status.next_run_at, lang)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="dt">
            {t('marketAccounts.lastSummary')}
          </Typography>
          <Typography variant="caption" component="dd" sx={{ m: 0 }}>
            {/* The bots' English summary is behind «Подробнее»; a tick still running has no text yet. */}
            <ResultDetails values={[status.last_summary]}>
              <span data-testid="loop-summary">
                {status.last_summary_text
                  ? formatBotText(status.last_summary_text, ctx)
                  : status.last_summary
                    ? t('jobResults.summaryInDetails')
                    : '—'}
              </span>
            </ResultDetails>
          </Typography>
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('marketAccounts.loopNoData')}
        </Typography>
      )}
      {status?.last_error && (
        <Alert severity="error" sx={{ mt: 0.5, py: 0 }} data-testid="loop-error">
          {/* The bots write "paused: <reason>" in English; the operator reads why in the console's language. */}
          {status.state === 'paused' && status.key_rejected ? (
            t('marketAccounts.loopPausedKey', { reason: status.key_rejected })
          ) : (
            <ResultDetails values={[status.last_error]}>
              {formatJobError({ message: status.last_error }, ctx)}
            </ResultDetails>
          )}
        </Alert>
      )}
      <JobProgress job={action.job} starting={action.starting} startError={action.startError} />
      {actions.length > 0 && (
        <>
          <Button
            size="small"
            onClick={() => setActionsOpen((open) => !open)}
            endIcon={<MdiIcon path={actionsOpen ? mdiChevronUp : mdiChevronDown} />}
            sx={{ mt: 0.5, py: 0 }}
          >
            {t('marketAccounts.recentActions', { count: actions.length })}
          </Button>
          <Collapse in={actionsOpen} unmountOnExit>
            <Box
              component="ol"
              sx={{ m: 0, pl: 0, listStyle: 'none', maxHeight: 220, overflow: 'auto', fontSize: 12 }}
            >
              {actions.map((item, index) => (
                <Box component="li" key={`${item.at}-${index}`} sx={{ py: 0.25 }}>
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(item.at, lang)}
                  </Typography>{' '}
                  <Typography variant="caption" sx={{ fontWeight: 500 }} data-testid="loop-action">
                    {formatTradingAction(item, ctx)}
                  </Typography>
                  {item.dry_run && (
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={t('marketAccounts.dryRunAction')}
                      sx={{ height: 16, fontSize: 10, ml: 0.5 }}
                    />
                  )}{' '}
                  <Typography variant="caption">
                    <ResultDetails values={[item.detail]} />
                  </Typography>
                </Box>
              ))}
            </Box>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
