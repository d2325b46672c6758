import { mdiPlaylistPlus } from '@mdi/js';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { MARKET_CODES, type ApiQuery, type PriceBoardRow } from '@toydesk/contract';
import { useMemo, useState, type CSSProperties } from 'react';

import { ItemNameCell } from '@/components/item-name-cell';
import { MultiSelect } from '@/components/multi-select';
import { Page } from '@/components/page';
import { RowIconButton } from '@/components/row-icon-button';
import { VirtualTable, type TableSort, type VirtualColumn } from '@/components/virtual-table/virtual-table';
import { useCommonData } from '@/lib/common-data';
import { formatAmount, formatNumber } from '@/lib/format';
import { marketListingUrl } from '@/lib/market-links';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUiLang } from '@/lib/use-ui-lang';

import { usePriceBoard } from '../api/price-board';
import { catalogueBands, type CatalogueBand } from '../utils/catalogue-bands';
import { priceAge } from '../utils/price-age';
import { AddToCatalogueDialog } from './add-to-catalogue-dialog';

const TWO_LINES: CSSProperties = { lineHeight: 1.2, minWidth: 0, textAlign: 'right' };
const CAPTION: CSSProperties = { fontSize: 11, opacity: 0.65, whiteSpace: 'nowrap' };
const LINK: CSSProperties = { color: 'inherit', textDecoration: 'none', ...TWO_LINES };
const POSITIVE: CSSProperties = { color: '#2e7d32', fontWeight: 500 };
const NEGATIVE: CSSProperties = { color: '#c62828' };

type Currency = 'RUB' | 'USD';

/** A decimal the operator types into a filter: digits with one optional fraction; anything else is ignored. */
const decimalText = (text: string) =>
  /^-?\d+([.,]\d+)?$/.test(text.trim()) ? text.trim().replace(',', '.') : undefined;

/**
 * The cross-market price board (issue 16): per item the cheapest buy and the best sale after fees on every
 * marketplace of the market database, in one currency, the spread between them, links to each market's
 * page, and the one-click "put into the catalogue" with buy and sell bands (asked first).
 */
export function PriceBoardScreen() {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const [currency, setCurrency] = useState<Currency>('RUB');
  const [minSpread, setMinSpread] = useState('');
  const [minVolume, setMinVolume] = useState('');
  const [markets, setMarkets] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<TableSort | null>({ id: 'spread_pct', desc: true });
  const [adding, setAdding] = useState<{ row: PriceBoardRow; bands: CatalogueBand[] } | null>(null);

  const typed = useDebouncedValue({ minSpread, minVolume, search });
  const query = useMemo<ApiQuery<'price-board.list'>>(() => {
    const q: ApiQuery<'price-board.list'> = { currency };
    const spread = decimalText(typed.minSpread);
    if (spread !== undefined) q.min_spread_pct = spread;
    if (/^\d+$/.test(typed.minVolume.trim())) q.min_volume = typed.minVolume.trim();
    if (markets.length > 0) q.markets = markets.join(',');
    if (typed.search.trim()) q.search = typed.search.trim();
    if (sort) q.ordering = `${sort.desc ? '-' : ''}${sort.id}`;
    return q;
  }, [currency, typed, markets, sort]);
  const board = usePriceBoard(query);

  // A column per market that any loaded row has a price on, in the contract's order.
  const shownMarkets = useMemo(() => {
    const seen = new Set<string>();
    for (const row of board.rows) for (const m of row.markets) seen.add(m.market);
    return MARKET_CODES.filter((code) => seen.has(code));
  }, [board.rows]);

  const marketName = useMemo(() => {
    const names = new Map<string, string>(common.markets.map((m) => [m.code, m.name]));
    return (code: string | null) => (code === null ? '' : (names.get(code) ?? code));
  }, [common.markets]);

  const columns = useMemo<VirtualColumn<PriceBoardRow>[]>(() => {
    const money = (amount: string | null) => formatAmount(amount, currency, lang);
    const marketColumns = shownMarkets.map<VirtualColumn<PriceBoardRow>>((code) => ({
      id: `market_${code}`,
      header: marketName(code),
      width: 130,
      align: 'right',
      render: (row) => {
        const m = row.markets.find((entry) => entry.market === code);
        if (!m) return '—';
        const age = priceAge(m.age_seconds, t);
        return (
          <a
            style={LINK}
            href={marketListingUrl(code, { marketHashName: row.market_hash_name })}
            target="_blank"
            rel="noreferrer noopener"
            title={t('priceBoard.cellHint', {
              buy: money(m.buy),
              sell: money(m.sell),
              fee: formatNumber(Number(m.fee) * 100, lang),
              age,
            })}
            onClick={(event) => event.stopPropagation()}
          >
            <div>{money(m.buy)}</div>
            <div style={CAPTION}>
              {money(m.sell)} · {age}
            </div>
          </a>
        );
      },
    }));
    return [
      {
        id: 'market_hash_name',
        header: t('fields.market_hash_name'),
        width: 300,
        grow: 1,
        sortable: true,
        render: (row) => <ItemNameCell name={row.market_hash_name} market={row.buy_market} />,
      },
      {
        id: 'best_buy',
        header: t('priceBoard.bestBuy'),
        width: 130,
        align: 'right',
        sortable: true,
        render: (row) => (
          <div style={TWO_LINES}>
            <div>{money(row.best_buy)}</div>
            <div style={CAPTION}>{marketName(row.buy_market)}</div>
          </div>
        ),
      },
      {
        id: 'best_sell',
        header: t('priceBoard.bestSell'),
        width: 130,
        align: 'right',
        sortable: true,
        render: (row) => (
          <div style={TWO_LINES}>
            <div>{money(row.best_sell)}</div>
            <div style={CAPTION}>{marketName(row.sell_market)}</div>
          </div>
        ),
      },
      {
        id: 'spread',
        header: t('priceBoard.spread'),
        width: 110,
        align: 'right',
        sortable: true,
        render: (row) =>
          row.spread === null ? (
            '—'
          ) : (
            <span style={Number(row.spread) > 0 ? POSITIVE : NEGATIVE}>{money(row.spread)}</span>
          ),
      },
      {
        id: 'spread_pct',
        header: t('priceBoard.spreadPct'),
        width: 90,
        align: 'right',
        sortable: true,
        render: (row) =>
          row.spread_pct === null ? (
            '—'
          ) : (
            <span style={Number(row.spread_pct) > 0 ? POSITIVE : NEGATIVE}>{row.spread_pct}</span>
          ),
      },
      {
        id: 'volume',
        header: t('priceBoard.volume'),
        width: 80,
        align: 'right',
        sortable: true,
        render: (row) => formatNumber(row.volume, lang),
      },
      ...marketColumns,
      {
        id: 'actions',
        header: '',
        width: 56,
        align: 'center',
        render: (row) => {
          const bands = catalogueBands(row);
          return (
            <RowIconButton
              label={`${t('priceBoard.add')}: ${row.market_hash_name}`}
              icon={mdiPlaylistPlus}
              disabled={bands === null}
              onClick={() => bands && setAdding({ row, bands })}
            />
          );
        },
      },
    ];
  }, [t, lang, currency, shownMarkets, marketName]);

  return (
    <Page title={t('priceBoard.title')}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          margin="none"
          label={t('priceBoard.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: 240 }}
        />
        <TextField
          select
          size="small"
          margin="none"
          label={t('priceBoard.currency')}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as Currency)}
          sx={{ width: 100 }}
        >
          <MenuItem value="RUB">RUB</MenuItem>
          <MenuItem value="USD">USD</MenuItem>
        </TextField>
        <TextField
          size="small"
          margin="none"
          label={t('priceBoard.minSpreadPct')}
          value={minSpread}
          onChange={(event) => setMinSpread(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'min-spread' } }}
          sx={{ width: 130 }}
        />
        <TextField
          size="small"
          margin="none"
          label={t('priceBoard.minVolume')}
          value={minVolume}
          onChange={(event) => setMinVolume(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 110 }}
        />
        <MultiSelect
          label={t('priceBoard.markets')}
          values={markets}
          options={MARKET_CODES.map((code) => ({ value: code, label: marketName(code) }))}
          onChange={setMarkets}
        />
        <Typography variant="body2" color="text.secondary" data-testid="price-board-count">
          {t('priceBoard.rows', { count: board.total })}
        </Typography>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {t('priceBoard.feesNote')}
      </Typography>
      <VirtualTable
        rows={board.rows}
        columns={columns}
        getRowId={(row) => row.market_hash_name}
        label={t('priceBoard.table')}
        rowHeight={44}
        sort={sort}
        onSortChange={setSort}
        onEndReached={board.loadMore}
        loading={board.isFetching}
        emptyText={t('priceBoard.empty')}
        totalCount={board.total}
      />
      {adding && (
        <AddToCatalogueDialog row={adding.row} bands={adding.bands} onClose={() => setAdding(null)} />
      )}
    </Page>
  );
}
