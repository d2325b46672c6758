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
import type { MarketFee } from '@toydesk/contract';
import { useState } from 'react';

import { ActionDialog } from '@/components/action-dialog';
import { formatAmount } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import { useUpdateProfitFee } from '../api/update-profit-fee';
import { checkFeeDraft, feeDraftOf, feePatch, trimZeros, type FeeDraft } from '../utils/fee-edit';

export interface FeeEditDialogProps {
  fee: MarketFee;
  marketName: string;
  onClose: () => void;
}

/**
 * Edits one market fee in two steps: the new figures, then what changes (old and new side by side) and a
 * warning that every deal of the market is priced again; only the second step sends anything.
 */
export function FeeEditDialog({ fee, marketName, onClose }: FeeEditDialogProps) {
  const { t, lang } = useUiLang();
  const [draft, setDraft] = useState<FeeDraft>(() => feeDraftOf(fee));
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateProfitFee();
  const check = checkFeeDraft(draft);
  const valid = check.percent === undefined && check.fixedAmount === undefined;
  const patch = valid ? feePatch(fee, draft) : {};
  const changed = Object.keys(patch).length > 0;
  const side = t(`profit.side.${fee.side}`);
  const set = (change: Partial<FeeDraft>) => setDraft((d) => ({ ...d, ...change }));

  if (!confirming) {
    return (
      <ActionDialog
        title={t('profit.editFee', { market: marketName, side })}
        confirmLabel={t('profit.next')}
        disabled={!valid || !changed}
        maxWidth="xs"
        confirmTestId="fee-edit-next"
        onConfirm={() => setConfirming(true)}
        onClose={onClose}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
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
      was: `${trimZeros(fee.percent)} %`,
      next: `${newPercent} %`,
    },
    {
      key: 'fixed',
      label: t('profit.fixedAmount'),
      was: formatAmount(fee.fixed_amount, fee.fixed_currency, lang),
      next: formatAmount(newAmount, draft.fixedCurrency, lang),
    },
    { key: 'source', label: t('fields.source'), was: fee.source ?? '—', next: draft.source.trim() || '—' },
  ];
  return (
    <ActionDialog
      title={t('profit.confirmTitle')}
      confirmLabel={t('profit.apply')}
      color="warning"
      busy={update.isPending}
      maxWidth="sm"
      confirmTestId="fee-edit-confirm"
      onConfirm={() =>
        update.mutate(
          { id: fee.id, patch },
          {
            onSuccess: () => {
              notify({ text: t('profit.saved'), color: 'success' });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <Stack spacing={1}>
        <div>{t('profit.confirmIntro', { market: marketName, side })}</div>
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
