import {
  Alert,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import type { MarketCode, MarketFee } from '@toydesk/contract';
import { useState } from 'react';

import { ActionDialog } from '@/components/action-dialog';
import { formatAmount } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import { useCreateProfitFee } from '../api/create-profit-fee';
import { useUpdateProfitFee } from '../api/update-profit-fee';
import {
  checkFeeDraft,
  feeCreate,
  feeDraftOf,
  feePatch,
  NO_FEE,
  trimZeros,
  type FeeDraft,
} from '../utils/fee-edit';

export type FeeSlot = { market: MarketCode; side: 'buy' | 'sell' };

export type FeeEditDialogProps = {
  marketName: (code: string) => string;
  onClose: () => void;
} & (
  | { fee: MarketFee }
  /** A new row: one of the markets and sides that have none. */
  | { fee: null; slots: readonly FeeSlot[] }
);

/**
 * Edits one market fee, or adds one where a market and side have none, in two steps: the figures, then what
 * changes (old and new side by side; no row counts as no fee) and a warning that every deal of the market is
 * priced again; only the second step sends anything.
 */
export function FeeEditDialog(props: FeeEditDialogProps) {
  const { marketName, onClose } = props;
  const { fee } = props;
  const { t, lang } = useUiLang();
  const [draft, setDraft] = useState<FeeDraft>(() => feeDraftOf(fee ?? NO_FEE));
  const [slot, setSlot] = useState<FeeSlot | null>(() => (fee ? null : (props.slots[0] ?? null)));
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateProfitFee();
  const create = useCreateProfitFee();
  const check = checkFeeDraft(draft);
  const valid =
    check.percent === undefined && check.fixedAmount === undefined && (fee !== null || slot !== null);
  const patch = valid ? feePatch(fee ?? NO_FEE, draft) : {};
  const changed = Object.keys(patch).length > 0;
  const target = fee ?? slot;
  const market = target ? marketName(target.market) : '';
  const side = target ? t(`profit.side.${target.side}`) : '';
  const set = (change: Partial<FeeDraft>) => setDraft((d) => ({ ...d, ...change }));
  const slotKey = (s: FeeSlot) => `${s.market}/${s.side}`;

  if (!confirming) {
    return (
      <ActionDialog
        title={fee ? t('profit.editFee', { market, side }) : t('profit.addFeeTitle')}
        confirmLabel={t('profit.next')}
        disabled={!valid || !changed}
        maxWidth="xs"
        confirmTestId="fee-edit-next"
        onConfirm={() => setConfirming(true)}
        onClose={onClose}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!fee && (
            <TextField
              select
              label={t('profit.feeSlot')}
              value={slot ? slotKey(slot) : ''}
              onChange={(event) =>
                setSlot(props.slots.find((s) => slotKey(s) === event.target.value) ?? null)
              }
              slotProps={{ htmlInput: { 'data-testid': 'fee-slot' } }}
            >
              {props.slots.map((s) => (
                <MenuItem key={slotKey(s)} value={slotKey(s)}>
                  {marketName(s.market)} · {t(`profit.side.${s.side}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('fields.percent')}
            value={draft.percent}
            onChange={(event) => set({ percent: event.target.value })}
            error={check.percent !== undefined}
            helperText={check.percent && t(`profit.${check.percent}`)}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'fee-percent' } }}
          />
          <Stack direction="row" spacing={1}>
            <TextField
              label={t('profit.fixedAmount')}
              value={draft.fixedAmount}
              onChange={(event) => set({ fixedAmount: event.target.value })}
              error={check.fixedAmount !== undefined}
              helperText={check.fixedAmount && t(`profit.${check.fixedAmount}`)}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'fee-fixed' } }}
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label={t('fields.fixed_currency')}
              value={draft.fixedCurrency}
              onChange={(event) => set({ fixedCurrency: event.target.value as FeeDraft['fixedCurrency'] })}
              sx={{ width: 120 }}
            >
              <MenuItem value="RUB">RUB</MenuItem>
              <MenuItem value="USD">USD</MenuItem>
            </TextField>
          </Stack>
          <TextField
            label={t('fields.source')}
            value={draft.source}
            onChange={(event) => set({ source: event.target.value })}
            multiline
            maxRows={3}
          />
          {valid && !changed && <Alert severity="info">{t('profit.noChange')}</Alert>}
        </Stack>
      </ActionDialog>
    );
  }

  const newPercent = trimZeros(draft.percent.trim().replace(',', '.'));
  const newAmount = draft.fixedAmount.trim().replace(',', '.');
  const rows = [
    {
      key: 'percent',
      label: t('fields.percent'),
      was: fee ? `${trimZeros(fee.percent)} %` : '—',
      next: `${newPercent} %`,
    },
    {
      key: 'fixed',
      label: t('profit.fixedAmount'),
      was: fee ? formatAmount(fee.fixed_amount, fee.fixed_currency, lang) : '—',
      next: formatAmount(newAmount, draft.fixedCurrency, lang),
    },
    { key: 'source', label: t('fields.source'), was: fee?.source ?? '—', next: draft.source.trim() || '—' },
  ];
  return (
    <ActionDialog
      title={fee ? t('profit.confirmTitle') : t('profit.addFeeConfirmTitle')}
      confirmLabel={fee ? t('profit.apply') : t('profit.addFee')}
      color="warning"
      busy={update.isPending || create.isPending}
      maxWidth="sm"
      confirmTestId="fee-edit-confirm"
      onConfirm={() => {
        const done = {
          onSuccess: () => {
            notify({ text: fee ? t('profit.saved') : t('profit.added'), color: 'success' as const });
            onClose();
          },
        };
        if (fee) update.mutate({ id: fee.id, patch }, done);
        else if (slot) create.mutate(feeCreate(slot.market, slot.side, draft), done);
      }}
      onClose={onClose}
    >
      <Stack spacing={1}>
        <div>{t(fee ? 'profit.confirmIntro' : 'profit.addFeeIntro', { market, side })}</div>
        <Table size="small" data-testid="fee-change">
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{t('profit.was')}</TableCell>
              <TableCell>{t('profit.willBe')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} selected={row.was !== row.next}>
                <TableCell>{row.label}</TableCell>
                <TableCell>{row.was}</TableCell>
                <TableCell sx={{ fontWeight: row.was !== row.next ? 600 : undefined }}>{row.next}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Alert severity="warning">{t('profit.confirmWarning')}</Alert>
      </Stack>
    </ActionDialog>
  );
}
