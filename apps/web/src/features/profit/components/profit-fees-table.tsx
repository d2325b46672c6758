import { mdiPencil } from '@mdi/js';
import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { MarketFee } from '@toydesk/contract';
import { useState } from 'react';

import { RowIconButton } from '@/components/row-icon-button';
import { formatAmount } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { useProfitFees } from '../api/get-profit-fees';
import { trimZeros } from '../utils/fee-edit';
import { FeeEditDialog } from './fee-edit-dialog';

export interface ProfitFeesTableProps {
  marketName: (code: string | null) => string;
}

/** The fee table profit is computed with: a row per market and side, each editable after a confirmation. */
export function ProfitFeesTable({ marketName }: ProfitFeesTableProps) {
  const { t, lang } = useUiLang();
  const fees = useProfitFees();
  const [editing, setEditing] = useState<MarketFee | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 1, mt: 1 }}>
      <Typography variant="subtitle2" component="h2">
        {t('profit.feeTable')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {t('profit.feeTableHint')}
      </Typography>
      <Table size="small" aria-label={t('profit.feeTable')} data-testid="profit-fees">
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.market')}</TableCell>
            <TableCell>{t('fields.side')}</TableCell>
            <TableCell align="right">{t('fields.percent')}</TableCell>
            <TableCell align="right">{t('profit.fixedAmount')}</TableCell>
            <TableCell>{t('fields.source')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(fees.data ?? []).map((fee) => {
            const label = `${marketName(fee.market)} · ${t(`profit.side.${fee.side}`)}`;
            return (
              <TableRow key={fee.id} data-fee={`${fee.market}/${fee.side}`} hover>
                <TableCell>{marketName(fee.market)}</TableCell>
                <TableCell>{t(`profit.side.${fee.side}`)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {trimZeros(fee.percent)} %
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatAmount(fee.fixed_amount, fee.fixed_currency, lang)}
                </TableCell>
                <TableCell sx={{ maxWidth: 420 }}>
                  <Typography variant="body2" noWrap title={fee.source ?? undefined}>
                    {fee.source ?? '—'}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ width: 48 }}>
                  <RowIconButton
                    label={`${t('profit.edit')}: ${label}`}
                    icon={mdiPencil}
                    onClick={() => setEditing(fee)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {editing && (
        <FeeEditDialog
          fee={editing}
          marketName={marketName(editing.market)}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
