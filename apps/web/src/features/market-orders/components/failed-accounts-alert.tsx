import { Alert, Box } from '@mui/material';
import type { BotFailedAccount } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

/**
 * The accounts a view over many accounts could not read (issue 11 item 5): the rows shown are the other
 * accounts' complete data, and each failing account is named with its reason, a rejected key apart.
 */
export function FailedAccountsAlert({
  failed,
  labelOf,
}: {
  failed: readonly BotFailedAccount[];
  labelOf: (id: number) => string;
}) {
  const { t } = useTranslation();
  if (failed.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1 }} data-testid="failed-accounts">
      {t('marketOrders.accountsFailed', { count: failed.length })}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {failed.map((item) => (
          <li key={item.market_account}>
            {t(item.key_rejected ? 'marketOrders.accountKeyRejected' : 'marketOrders.accountFailed', {
              account: labelOf(item.market_account),
              reason: item.reason,
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The failures of several reads of the same accounts, once per account (the first reason wins). */
export function mergeFailedAccounts(
  ...lists: (readonly BotFailedAccount[] | undefined)[]
): BotFailedAccount[] {
  const out = new Map<number, BotFailedAccount>();
  for (const list of lists)
    for (const item of list ?? []) if (!out.has(item.market_account)) out.set(item.market_account, item);
  return [...out.values()];
}
