import { mdiPencil, mdiPlus } from '@mdi/js';
import {
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { MarketFee } from '@toydesk/contract';
import { useState } from 'react';

import { MdiIcon } from '@/components/mdi-icon';
import { RowIconButton } from '@/components/row-icon-button';
import { useCommonData } from '@/lib/common-data';
import { formatAmount } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { useProfitFees } from '../api/get-profit-fees';
import { freeFeeSlots, trimZeros } from '../utils/fee-edit';
import { FeeEditDialog } from './fee-edit-dialog';

export interface ProfitFeesTableProps {
  marketName: (code: string | null) => string;
}

/**
 * The fee table profit is computed with: a row per market and side, each editable after a confirmation, and
 * «Добавить комиссию» for a market and side that have none (a buy fee, a market added later).
 */
export function ProfitFeesTable({ marketName }: ProfitFeesTableProps) {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const fees = useProfitFees();
  // undefined: no dialog; null: a new row.
  const [editing, setEditing] = useState<MarketFee | null | undefined>(undefined);
  const slots = freeFeeSlots(
    common.markets.map((m) => m.code),
    fees.data ?? [],
  );
  return (
    <Paper variant="outlined" sx={{ p: 1, mt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {t('profit.feeTable')}
        </Typography>
        <Button
          size="small"
          startIcon={<MdiIcon path={mdiPlus} />}
          disabled={!fees.data || slots.length === 0}
          onClick={() => setEditing(null)}
        >
          {t('profit.addFee')}
        </Button>
      </Box>
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
      {editing !== undefined && (
        <FeeEditDialog
          {...(editing ? { fee: editing } : { fee: null, slots })}
          marketName={marketName}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Paper>
  );
}
