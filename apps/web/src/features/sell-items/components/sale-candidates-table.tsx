import { Alert, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { MARKET_CODES, type forSellRowSchema, type MarketCode } from '@toydesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

import { ItemNameCell } from '@/components/item-name-cell';
import { MoneyText } from '@/components/money-text';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { useCommonData } from '@/lib/common-data';
import { formatNumber } from '@/lib/format';

import { useSaleCandidates } from '../api/get-sale-candidates';

type CandidateRow = z.infer<typeof forSellRowSchema>;

/**
 * Tradable inventory items not on sale yet, with the toy's sell price on the chosen market: what the
 * auto-sell loop would list next.
 */
export function SaleCandidatesTable() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const common = useCommonData();
  const [market, setMarket] = useState<MarketCode>('tm');
  const candidates = useSaleCandidates(market);
  const rows = candidates.data ?? [];
  const columns = useMemo<VirtualColumn<CandidateRow>[]>(
    () => [
      {
        id: 'market_hash_name',
        header: t('fields.market_hash_name'),
        width: 320,
        grow: 1,
        render: (row) => (
          <ItemNameCell
            name={row.market_hash_name}
            iconUrl={row.icon_url}
            market={row.market}
            classid={row.classid_instanceid?.split('_')[0]}
            instanceid={row.classid_instanceid?.split('_')[1]}
          />
        ),
      },
      {
        id: 'steam_account',
        header: t('fields.steam_account'),
        width: 160,
        render: (row) => row.steam_account_name,
      },
      { id: 'asset_id', header: t('fields.asset_id'), width: 130, render: (row) => row.asset_id },
      {
        id: 'price_sell',
        header: t('fields.price_sell'),
        width: 130,
        align: 'right',
        render: (row) =>
          row.price_sell === null ? '—' : <MoneyText amount={row.price_sell} currency="RUB" />,
      },
      {
        id: 'on_sale_count',
        header: t('sellItems.onSaleCount'),
        width: 120,
        align: 'right',
        render: (row) => formatNumber(row.on_sale_count, lang),
      },
    ],
    [t, lang],
  );
  const markets = common.markets.length > 0 ? common.markets.map((m) => m.code) : [...MARKET_CODES];
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <TextField
          select
          margin="none"
          label={t('fields.market')}
          sx={{ width: 200 }}
          value={market}
          onChange={(event) => setMarket(event.target.value as MarketCode)}
        >
          {markets.map((code) => (
            <MenuItem key={code} value={code}>
              {common.markets.find((m) => m.code === code)?.name ?? code}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('sellItems.candidatesHint')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="candidates-count">
          {t('table.rows', { count: rows.length, formatted: formatNumber(rows.length, lang) })}
        </Typography>
      </Stack>
      {candidates.isError && <Alert severity="error">{t('table.failed')}</Alert>}
      <VirtualTable
        rows={rows}
        columns={columns}
        getRowId={(row) => row.inventory_id}
        label={t('sellItems.candidatesTab')}
        loading={candidates.isFetching}
        emptyText={t('table.empty')}
        height="calc(100vh - 280px)"
      />
    </>
  );
}
