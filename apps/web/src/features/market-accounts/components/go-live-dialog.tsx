import { Alert, Box, Typography } from '@mui/material';
import type { SpendGuardView } from '@toydesk/contract';
import type { CSSProperties, ReactNode } from 'react';
import { useUiLang } from '@/lib/use-ui-lang';

import { ActionDialog } from '@/components/action-dialog';

import type { GoLiveAccount } from '../utils/go-live';
import { formatSpendAmount } from '../utils/format-spend-amount';

export interface GoLiveDialogProps {
  /** The accounts the change takes live, with the loops that will run for real. */
  accounts: readonly GoLiveAccount[];
  /**
   * Today's spending and the guards by account, undefined while not read; an account missing from a read
   * map has neither a guard nor spending today.
   */
  spending: ReadonlyMap<number, SpendGuardView> | undefined;
  /** The bot service did not answer the spend summary. */
  spendingFailed: boolean;
  busy?: boolean;
  /** Instead of the going-live title, intro and button: the same facts asked before another live step. */
  title?: ReactNode;
  intro?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

const cell: CSSProperties = {
  padding: '4px 8px',
  borderBottom: '1px solid rgba(0,0,0,0.12)',
  textAlign: 'left',
};
const head: CSSProperties = { ...cell, fontWeight: 500 };

/**
 * Asks before trading goes live (issue 12: one click used to start a live loop that placed 8 buy orders):
 * names each account, the loops that will spend for real, its daily spend cap, its price guard and what it
 * has spent today, in the account's currency. Only Confirm sends the change; Cancel sends nothing.
 */
export function GoLiveDialog({
  accounts,
  spending,
  spendingFailed,
  busy = false,
  title,
  intro,
  confirmLabel,
  onConfirm,
  onClose,
}: GoLiveDialogProps) {
  const { t, lang } = useUiLang();
  const unguarded = accounts.some(({ account }) => {
    const view = spending?.get(account.id);
    return spending !== undefined && (!view || (view.daily_cap === null && view.max_price_percent === null));
  });
  return (
    <ActionDialog
      title={
        title ??
        t('pricing.goLive.title', {
          count: accounts.length,
          names: accounts.map(({ account }) => account.label).join(', '),
        })
      }
      confirmLabel={confirmLabel ?? t('pricing.goLive.confirm')}
      color="warning"
      busy={busy}
      confirmTestId="go-live-confirm"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {intro ?? t('pricing.goLive.intro')}
      </Typography>
      {spendingFailed && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('pricing.goLive.guardsUnavailable')}
        </Alert>
      )}
      {unguarded && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="go-live-unguarded">
          {t('pricing.goLive.noGuardsWarning')}
        </Alert>
      )}
      <Box sx={{ maxHeight: '50vh', overflow: 'auto' }}>
        <table
          style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}
          data-testid="go-live-table"
        >
          <thead>
            <tr>
              <th style={head}>{t('pricing.goLive.account')}</th>
              <th style={head}>{t('pricing.goLive.loops')}</th>
              <th style={head}>{t('pricing.goLive.dailyCap')}</th>
              <th style={head}>{t('pricing.goLive.priceGuard')}</th>
              <th style={head}>{t('pricing.goLive.spentToday')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map(({ account, loops, loopTitles }) => {
              const view = spending?.get(account.id);
              const currency = view?.currency ?? account.currency;
              // Not answered (yet): the limits are not shown as absent.
              const unknown = spendingFailed ? '?' : spending === undefined ? '…' : null;
              return (
                <tr key={account.id} data-testid={`go-live-${account.id}`}>
                  <td style={cell}>{account.label}</td>
                  <td style={cell}>
                    {loopTitles
                      ? loopTitles.join(', ')
                      : loops.length > 0
                        ? loops.map((loop) => t(`fields.${loop}`)).join(', ')
                        : t('pricing.goLive.noLoops')}
                  </td>
                  <td style={cell}>
                    {unknown ??
                      (view?.daily_cap
                        ? formatSpendAmount(view.daily_cap, currency, lang)
                        : t('pricing.goLive.noCap'))}
                  </td>
                  <td style={cell}>
                    {unknown ??
                      (view?.max_price_percent
                        ? t('pricing.goLive.priceGuardValue', { percent: view.max_price_percent })
                        : t('pricing.goLive.noPriceGuard'))}
                  </td>
                  <td style={cell}>
                    {unknown ?? formatSpendAmount(view?.spent_today ?? '0', currency, lang)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Box>
    </ActionDialog>
  );
}
