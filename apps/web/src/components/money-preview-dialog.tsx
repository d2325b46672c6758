import { Alert, Box, Checkbox, Stack, Typography } from '@mui/material';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';

import { formatAmount } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';
import { totalsByCurrency } from '@/lib/mass-pricing';

import { ActionDialog } from './action-dialog';

/** One row of what will change: a lot, a listing, an order. */
export interface MoneyPreviewRow {
  /** Stable key; the ids of the ticked rows go to onConfirm. */
  id: string | number;
  /** The item (or subject) name. */
  name: string;
  /** The account label it happens on (market account, Steam account). */
  account: string;
  /** The row's own currency: both amounts are shown in it (₽, $, €). */
  currency: string;
  /** The amount before; null: there was none (a new listing, a new order). */
  from: string | null;
  /** The amount after; null: none (taken off sale, or no new price: then `sendable` is false). */
  to: string | null;
  /** Shown instead of a null `to` ("off sale"). */
  toText?: string;
  /** Short marks shown in the row, already translated (clamped to the band, unchanged, no band). */
  marks?: readonly { label: string; tone?: 'info' | 'warning' | 'error' }[];
  /** False: shown greyed with its marks and never sent (no new price). Default true. */
  sendable?: boolean;
  /** Ticked at first (with `selectable`); default: whenever sendable. */
  preselected?: boolean;
}

export interface MoneyPreviewDialogProps {
  title: ReactNode;
  rows: readonly MoneyPreviewRow[];
  /** The confirm button's label, naming the action ("Задать цены", "Выставить"). */
  confirmLabel: string;
  /** Above the table: a form that changes the rows (mass pricing) or facts to read first. */
  intro?: ReactNode;
  /** A tick per row: only ticked rows are sent. */
  selectable?: boolean;
  /**
   * Which amounts the confirmation sums per currency: the new ones (listing, repricing: what will be on
   * sale), the old ones (taking off sale: what leaves the market), or none.
   */
  totalOf?: 'to' | 'from' | 'none';
  /** Error colour for the confirm button (taking off sale). */
  danger?: boolean;
  /** The action is being sent: buttons off, the dialog stays. */
  busy?: boolean;
  /** A reason the action cannot be confirmed yet (a form error), shown above the buttons. */
  blocked?: string | null;
  /** The ids of the rows to send: sendable and (with `selectable`) ticked. Cancel sends nothing. */
  onConfirm: (ids: (string | number)[]) => void;
  onClose: () => void;
}

const TONE_COLORS = { info: '#0277bd', warning: '#ed6c02', error: '#d32f2f' } as const;
const cell: CSSProperties = { padding: '4px 8px', borderBottom: '1px solid rgba(0,0,0,0.12)' };
const money: CSSProperties = {
  ...cell,
  textAlign: 'right',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
};
const head: CSSProperties = {
  ...cell,
  position: 'sticky',
  top: 0,
  background: '#fff',
  fontWeight: 500,
  textAlign: 'left',
  zIndex: 1,
};

/**
 * The one preview and confirmation of every console action that moves money (issue 12, deliverable 2):
 * lists, reprices, takes off sale, buys, places orders. Per row: item, account, old → new amount in the row's
 * own currency, and marks; below, the confirmation naming the accounts, the number of rows and the total per
 * currency. Only the confirmed rows are sent; Cancel sends nothing.
 */
export function MoneyPreviewDialog({
  title,
  rows,
  confirmLabel,
  intro,
  selectable = false,
  totalOf = 'to',
  danger = false,
  busy = false,
  blocked = null,
  onConfirm,
  onClose,
}: MoneyPreviewDialogProps) {
  const { t, lang } = useUiLang();
  // The operator's own ticks; a row never ticked or unticked follows its preselection.
  const [ticks, setTicks] = useState<ReadonlyMap<string | number, boolean>>(new Map());
  const isSent = (row: MoneyPreviewRow) =>
    row.sendable !== false && (!selectable || (ticks.get(row.id) ?? row.preselected ?? true));
  const sent = rows.filter(isSent);
  const accounts = useMemo(() => [...new Set(sent.map((row) => row.account))], [sent]);
  const totals =
    totalOf === 'none'
      ? []
      : totalsByCurrency(sent.map((row) => ({ currency: row.currency, amount: row[totalOf] })));
  const amount = (value: string | null, currency: string) =>
    value === null ? '—' : formatAmount(value, currency, lang);

  return (
    <ActionDialog
      title={title}
      confirmLabel={confirmLabel}
      color={danger ? 'error' : 'primary'}
      busy={busy}
      disabled={sent.length === 0 || Boolean(blocked)}
      confirmTestId="money-preview-confirm"
      onConfirm={() => onConfirm(sent.map((row) => row.id))}
      onClose={onClose}
    >
      {intro}
      <Box
        sx={{ maxHeight: '45vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        data-testid="money-preview-table"
      >
        <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
          <thead>
            <tr>
              {selectable && <th style={{ ...head, width: 36 }} aria-label={t('pricing.preview.send')} />}
              <th style={head}>{t('pricing.preview.item')}</th>
              <th style={head}>{t('pricing.preview.account')}</th>
              <th style={{ ...head, textAlign: 'right' }}>{t('pricing.preview.from')}</th>
              <th style={{ ...head, textAlign: 'right' }}>{t('pricing.preview.to')}</th>
              <th style={head}>{t('pricing.preview.marks')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const rowSent = isSent(row);
              return (
                <tr
                  key={row.id}
                  data-testid="money-preview-row"
                  data-sent={rowSent ? 'true' : 'false'}
                  style={{ opacity: rowSent ? 1 : 0.55 }}
                >
                  {selectable && (
                    <td style={cell}>
                      <Checkbox
                        size="small"
                        sx={{ p: 0 }}
                        checked={rowSent}
                        disabled={row.sendable === false || busy}
                        onChange={(event) =>
                          setTicks((current) => new Map(current).set(row.id, event.target.checked))
                        }
                        slotProps={{
                          input: { 'aria-label': t('pricing.preview.sendNamed', { name: row.name }) },
                        }}
                      />
                    </td>
                  )}
                  <td style={{ ...cell, maxWidth: 320, overflowWrap: 'anywhere' }}>{row.name}</td>
                  <td style={{ ...cell, whiteSpace: 'nowrap' }}>{row.account}</td>
                  <td style={money}>{amount(row.from, row.currency)}</td>
                  <td style={{ ...money, fontWeight: 500 }} data-testid="money-preview-to">
                    {row.to === null && row.toText ? row.toText : `→ ${amount(row.to, row.currency)}`}
                  </td>
                  <td style={cell}>
                    {row.marks?.map((mark) => (
                      <span
                        key={mark.label}
                        style={{
                          display: 'inline-block',
                          marginRight: 4,
                          fontSize: 11,
                          color: TONE_COLORS[mark.tone ?? 'info'],
                        }}
                      >
                        {mark.label}
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Box>
      <Stack spacing={0.5} sx={{ mt: 1.5 }} data-testid="money-preview-summary">
        <Typography variant="body2">
          <b>{t('pricing.preview.accounts', { count: accounts.length })}</b>{' '}
          {accounts.length > 0 ? accounts.join(', ') : '—'}
        </Typography>
        <Typography variant="body2">
          <b>{t('pricing.preview.rowsToSend')}</b> {sent.length}
          {sent.length < rows.length ? ` ${t('pricing.preview.ofRows', { count: rows.length })}` : ''}
        </Typography>
        {totalOf !== 'none' && (
          <Typography variant="body2" data-testid="money-preview-totals">
            <b>{t(totalOf === 'to' ? 'pricing.preview.totalNew' : 'pricing.preview.totalOld')}</b>{' '}
            {totals.length > 0
              ? totals.map((item) => formatAmount(item.total, item.currency, lang)).join(' · ')
              : '—'}
          </Typography>
        )}
      </Stack>
      {blocked && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {blocked}
        </Alert>
      )}
    </ActionDialog>
  );
}
