import { mdiChevronDown, mdiChevronUp } from '@mdi/js';
import { Alert, Button, Chip, Collapse, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MdiIcon } from '@/components/mdi-icon';
import { MoneyText } from '@/components/money-text';
import { RateDateHint } from '@/components/rate-date-hint';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';

import { useBalances } from '../api/get-balances';
import type { AccountBalance } from '../utils/balances';

/** Balances per market (sum over its accounts, in RUB) and, on demand, per Steam account. */
export function BalancesPanel() {
  const { t } = useTranslation();
  const balances = useBalances();
  const [open, setOpen] = useState(false);
  const columns = useMemo<VirtualColumn<AccountBalance>[]>(
    () => [
      { id: 'name', header: t('fields.steam_account'), width: 200, grow: 1, render: (row) => row.name },
      {
        id: 'wallet',
        header: t('transactions.wallet'),
        width: 150,
        align: 'right',
        render: (row) => <MoneyText amount={row.wallet} currency={row.walletCurrency} />,
      },
      {
        id: 'markets',
        header: t('transactions.onMarkets'),
        width: 150,
        align: 'right',
        render: (row) => <MoneyText amount={row.marketsRub} currency="RUB" />,
      },
    ],
    [t],
  );
  if (balances.isPending) return <LinearProgress sx={{ mb: 1 }} />;
  if (balances.isError) return <Alert severity="error">{t('table.failed')}</Alert>;
  const data = balances.data;
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 1 }} data-testid="balances">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{t('transactions.balances')}</Typography>
        {data.markets.map((market) => (
          <Chip
            key={market.market}
            size="small"
            variant="outlined"
            data-testid={`balance-${market.market}`}
            label={
              <>
                {market.name} ({market.accounts}): <MoneyText amount={market.totalRub} currency="RUB" />
              </>
            }
          />
        ))}
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="balance-total">
          {t('transactions.total')}: <MoneyText amount={data.totalRub} currency="RUB" /> <RateDateHint />
        </Typography>
        <Button
          size="small"
          sx={{ ml: 'auto' }}
          onClick={() => setOpen((value) => !value)}
          endIcon={<MdiIcon path={open ? mdiChevronUp : mdiChevronDown} />}
        >
          {t('transactions.perAccount')}
        </Button>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <VirtualTable
          rows={data.accounts}
          columns={columns}
          getRowId={(row) => row.id}
          label={t('transactions.perAccount')}
          height={240}
          emptyText={t('table.empty')}
        />
      </Collapse>
    </Paper>
  );
}
