import { mdiCheck, mdiClose } from '@mdi/js';
import {
  Alert,
  Box,
  Chip,
  Drawer,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { TRADING_LOOP_NAMES, type BotTradingStatus } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import { CloseOnBack } from '@/components/close-on-back';
import { MdiIcon } from '@/components/mdi-icon';
import { ResultDetails } from '@/components/result-details';
import { formatDateTime } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';
import { alertTitle, formatAlert } from '@/lib/job-results/alert-text';
import { useTextContext } from '@/lib/job-results/use-text-context';

import { useAccountAlerts, useAckAlert } from '../api/get-account-alerts';
import type { MarketAccountRow } from '../api/get-market-accounts';
import { SpendGuardPanel } from './spend-guard-panel';
import { TradingLoopCard } from './trading-loop-card';

export interface TradingDrawerProps {
  account: MarketAccountRow;
  loops: readonly BotTradingStatus[];
  /** The bot service did not answer the loop list. */
  loopsUnavailable: boolean;
  onClose: () => void;
}

function AccountAlerts({ accountId }: { accountId: number }) {
  const { t, lang } = useUiLang();
  const ctx = useTextContext();
  const alerts = useAccountAlerts(accountId);
  const ack = useAckAlert(accountId);
  if (alerts.isPending) return <LinearProgress />;
  if (alerts.isError) return <Alert severity="warning">{t('marketAccounts.alertsUnavailable')}</Alert>;
  if (alerts.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('marketAccounts.noAlerts')}
      </Typography>
    );
  return (
    <Stack spacing={0.5} data-testid="account-alerts">
      {alerts.data.map((alert) => (
        <Alert
          key={alert.id}
          severity={alert.severity}
          sx={{ py: 0, opacity: alert.acknowledged_at ? 0.6 : 1 }}
          action={
            alert.acknowledged_at ? undefined : (
              <Tooltip title={t('marketAccounts.ack')}>
                <IconButton
                  size="small"
                  aria-label={t('marketAccounts.ack')}
                  disabled={ack.isPending}
                  onClick={() => ack.mutate(alert.id)}
                >
                  <MdiIcon path={mdiCheck} fontSize="small" />
                </IconButton>
              </Tooltip>
            )
          }
        >
          <Typography variant="body2">
            <ResultDetails values={[alert.message, alert.details]}>{formatAlert(alert, ctx)}</ResultDetails>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {alertTitle(alert.kind, ctx)} · {formatDateTime(alert.last_at, lang)}
            {alert.count > 1 ? ` · ×${alert.count}` : ''}
          </Typography>
        </Alert>
      ))}
    </Stack>
  );
}

/** The trading loops and alerts of one market account, beside the list. */
export function TradingDrawer({ account, loops, loopsUnavailable, onClose }: TradingDrawerProps) {
  const { t } = useTranslation();
  const keyRejected = loops.find((item) => item.key_rejected)?.key_rejected;
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 }, p: 2 } } }}
    >
      {/* Back closes the drawer and stays on the list, as it does a dialog (spec section 9). */}
      <CloseOnBack onBack={onClose} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flex: 1 }} noWrap>
          {t('marketAccounts.tradingTitle', { name: account.label })}
        </Typography>
        {account.dry_run && <Chip size="small" color="warning" label={t('fields.dry_run')} />}
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <MdiIcon path={mdiClose} />
        </IconButton>
      </Stack>
      {loopsUnavailable && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('marketAccounts.loopsUnavailable')}
        </Alert>
      )}
      {keyRejected && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="key-rejected-alert">
          {t('marketAccounts.keyRejectedHint', { reason: keyRejected })}
        </Alert>
      )}
      <Stack spacing={1}>
        {TRADING_LOOP_NAMES.map((loop) => (
          <TradingLoopCard
            key={loop}
            account={account}
            loop={loop}
            status={loops.find((item) => item.loop === loop) ?? null}
          />
        ))}
      </Stack>
      <Box sx={{ mt: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('spendGuards.title')}
        </Typography>
        <SpendGuardPanel accountId={account.id} />
      </Box>
      <Box sx={{ mt: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('marketAccounts.alerts')}
        </Typography>
        <AccountAlerts accountId={account.id} />
      </Box>
    </Drawer>
  );
}
