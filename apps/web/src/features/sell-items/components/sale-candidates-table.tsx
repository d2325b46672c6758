import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { MARKET_CODES, MARKET_CURRENCY, type forSellRowSchema, type MarketCode } from '@toydesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';

import { checkboxColumn } from '@/components/checkbox-column';
import { ItemNameCell } from '@/components/item-name-cell';
import { ListOnMarketDialog } from '@/components/list-on-market-dialog';
import { MoneyText } from '@/components/money-text';
import { SearchField } from '@/components/search-field';
import { SelectionBar } from '@/components/selection-bar';
import { VirtualTable, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { useCommonData } from '@/lib/common-data';
import { formatNumber } from '@/lib/format';
import type { ListingItem } from '@/lib/manual-listing';
import { useCheckedIds } from '@/lib/use-checked-ids';
import { useUiLang } from '@/lib/use-ui-lang';

import { useSaleCandidates } from '../api/get-sale-candidates';

type CandidateRow = z.infer<typeof forSellRowSchema>;

/**
 * Tradable inventory items not on sale yet, with the toy's sell price on the chosen market: what the
 * auto-sell loop would list next. Selected candidates can be listed on a marketplace by hand («Выставить на
 * площадку»: preview, confirmation, a bot job per market account).
 */
export function SaleCandidatesTable() {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const [market, setMarket] = useState<MarketCode>('tm');
  const [steamAccount, setSteamAccount] = useState('');
  const [search, setSearch] = useState('');
  const candidates = useSaleCandidates(market, steamAccount === '' ? null : Number(steamAccount));
  // The name search is over the loaded rows (the list is read whole): one account's few hundred at most.
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = candidates.data ?? [];
    return needle
      ? all.filter((row) => row.market_hash_name.toLowerCase().includes(needle) || row.asset_id === needle)
      : all;
  }, [candidates.data, search]);
  const selection = useCheckedIds();
  const queryClient = useQueryClient();
  const [listing, setListing] = useState<ListingItem[] | null>(null);
  const columns = useMemo<VirtualColumn<CandidateRow>[]>(
    () => [
      checkboxColumn<CandidateRow>({
        selection,
        rows,
        getId: (row) => row.inventory_id,
        allLabel: t('sellItems.selectAll'),
        rowLabel: (row) => t('sellItems.selectNamed', { name: row.market_hash_name }),
      }),
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
          row.price_sell === null ? (
            '—'
          ) : (
            <MoneyText amount={row.price_sell} currency={MARKET_CURRENCY[row.market]} />
          ),
      },
      {
        id: 'on_sale_count',
        header: t('sellItems.onSaleCount'),
        width: 120,
        align: 'right',
        render: (row) => formatNumber(row.on_sale_count, lang),
      },
    ],
    [t, lang, selection, rows],
  );
  // Every selected candidate, also the ones the name search hides now.
  const chosen = (): ListingItem[] =>
    (candidates.data ?? [])
      .filter((row) => selection.selected.has(row.inventory_id))
      .map((row) => ({
        key: String(row.inventory_id),
        assetId: row.asset_id,
        steamAccount: row.steam_account,
        steamAccountName: row.steam_account_name,
        marketHashName: row.market_hash_name,
        toy: row.toy,
      }));
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
          onChange={(event) => {
            selection.clear();
            setMarket(event.target.value as MarketCode);
          }}
        >
          {markets.map((code) => (
            <MenuItem key={code} value={code}>
              {common.markets.find((m) => m.code === code)?.name ?? code}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          margin="none"
          label={t('fields.steam_account')}
          sx={{ width: 200 }}
          value={steamAccount}
          onChange={(event) => {
            selection.clear();
            setSteamAccount(event.target.value);
          }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {common.steamAccounts.map((account) => (
            <MenuItem key={account.id} value={String(account.id)}>
              {account.steam_account_name}
            </MenuItem>
          ))}
        </TextField>
        <SearchField value={search} onChange={setSearch} width={220} />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('sellItems.candidatesHint')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="candidates-count">
          {t('table.rows', { count: rows.length, formatted: formatNumber(rows.length, lang) })}
        </Typography>
      </Stack>
      <SelectionBar count={selection.selected.size} onClear={selection.clear}>
        <Button size="small" variant="contained" onClick={() => setListing(chosen())}>
          {t('listing.action')}
        </Button>
      </SelectionBar>
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
      {listing && (
        <ListOnMarketDialog
          items={listing}
          market={market}
          onClose={() => setListing(null)}
          onFinished={() => {
            selection.clear();
            void queryClient.invalidateQueries({ queryKey: ['sell-items'] });
          }}
        />
      )}
    </>
  );
}
