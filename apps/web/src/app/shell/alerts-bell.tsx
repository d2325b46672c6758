import { mdiBell, mdiBellOutline } from '@mdi/js';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { AppLink } from '@/components/app-link';
import { MdiIcon } from '@/components/mdi-icon';
import { paths } from '@/config/paths';
import { alertsStore, useAlertPoller, useAlertsState } from '@/lib/bot-alerts';
import { useCommonData } from '@/lib/common-data';

/** The bell in the top bar: polls the bot alerts, counts the open ones and leads to the alerts screen. */
export function AlertsBell() {
  const { t } = useTranslation();
  const common = useCommonData();
  // New alerts are announced with the accounts' names, not their ids.
  useEffect(() => {
    alertsStore.setNames({ markets: common.markets, steamAccounts: common.steamAccounts });
  }, [common.markets, common.steamAccounts]);
  useAlertPoller();
  const { open } = useAlertsState();
  const count = open ?? 0;
  const label = t('ops.alerts.bell', { count });
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        size="small"
        component={AppLink}
        to={paths.botAlerts.path}
        aria-label={label}
      >
        <Badge badgeContent={count} color="error" max={999} data-testid="alerts-count">
          <MdiIcon path={count > 0 ? mdiBell : mdiBellOutline} fontSize="small" />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
