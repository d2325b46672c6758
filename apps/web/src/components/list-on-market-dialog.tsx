import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CURRENCY_SYMBOLS,
  manualListingSupport,
  MARKET_CODES,
  type BotJob,
  type BotListedItem,
  type BotListItemsResult,
  type ConvertibleCurrency,
  type MarketCode,
} from '@toydesk/contract';
import { useMemo, useRef, useState } from 'react';

import { botApi } from '@/lib/bot-api';
import { useBotJob } from '@/lib/bot-jobs';
import { useCommonData } from '@/lib/common-data';
import { formatAmount } from '@/lib/format';
import {
  listingRequests,
  planListingRows,
  rowPrice,
  type ListingAccount,
  type ListingItem,
  type ListingRow,
} from '@/lib/manual-listing';
import { useListingMarketData } from '@/lib/manual-listing-data';
import type { PricingMode } from '@/lib/mass-pricing';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import { WideDialog } from './wide-dialog';
import { MoneyPreviewDialog, type MoneyPreviewRow } from './money-preview-dialog';
import { ResultDetails } from './result-details';

type ModeKind = PricingMode['kind'];

export interface ListOnMarketDialogProps {
  items: readonly ListingItem[];
  /** The market chosen on the screen (the candidates' market), if any. */
  market?: MarketCode;
  onClose: () => void;
  /** After a listing job ended (refresh the screen's lists). */
  onFinished?: () => void;
}

interface Started {
  account: ListingAccount;
  count: number;
  job: BotJob | null;
  error: string | null;
}

/**
 * «Выставить на площадку» (issue 12, item 8): the chosen inventory items on one marketplace at the
 * operator's price (absolute per currency, or from the market's price with the mass-pricing modes), each
 * held in its toy's band by the bots' own rule. The preview (MoneyPreviewDialog) shows per row the item, the
 * account, the price in the account's currency and the band with what it did; the confirmation names the
 * accounts, the count and the totals. Confirmed, one bot job per market account lists the items and the
 * dialog follows them with a line per item. Cancel sends nothing.
 */
export function ListOnMarketDialog({
  items,
  market: initialMarket,
  onClose,
  onFinished,
}: ListOnMarketDialogProps) {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const markets = common.markets.length > 0 ? common.markets.map((m) => m.code) : [...MARKET_CODES];
  const marketName = (code: string) => common.markets.find((m) => m.code === code)?.name ?? code;
  // tm first: the market most items are listed on; else the first the console can list on.
  const firstSupported = markets.includes('tm')
    ? 'tm'
    : (markets.find((code) => manualListingSupport(code) === null) ?? 'tm');
  const [market, setMarket] = useState<MarketCode>(
    initialMarket && manualListingSupport(initialMarket) === null ? initialMarket : firstSupported,
  );
  const [modeKind, setModeKind] = useState<ModeKind>('absolute');
  const [absolute, setAbsolute] = useState<Record<string, string>>({});
  const [percent, setPercent] = useState('0');
  const [steps, setSteps] = useState('1');
  const [allowBelowBuy, setAllowBelowBuy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<Started[] | null>(null);
  // One listing key per market account for this dialog: a second confirmation (double click) is the same.
  const keys = useRef(new Map<number, string>());
  const sending = useRef(false);

  const toys = useMemo(
    () => [...new Set(items.map((item) => item.toy).filter((toy): toy is number => toy !== null))],
    [items],
  );
  const names = useMemo(() => [...new Set(items.map((item) => item.marketHashName))], [items]);
  const owners = useMemo(() => [...new Set(items.map((item) => item.steamAccount))], [items]);
  const data = useListingMarketData(market, owners, toys, names);
  const accounts = useMemo(() => data.data?.accounts ?? [], [data.data]);
  const currencies = useMemo(() => {
    const owners = new Set(items.map((item) => item.steamAccount));
    const found = accounts.filter((account) => owners.has(account.steamAccount)).map((a) => a.currency);
    return [...new Set(found)];
  }, [accounts, items]);

  const mode: PricingMode = useMemo(() => {
    if (modeKind === 'percent') return { kind: 'percent', percent };
    if (modeKind === 'undercut') return { kind: 'undercut', steps: Number(steps) };
    return { kind: 'absolute', prices: absolute };
  }, [modeKind, percent, steps, absolute]);

  const rows = useMemo(() => {
    const loaded = data.data;
    if (!loaded) return [];
    // The price database counts only in the account's own currency.
    const prices = (currency: string) =>
      loaded.pricesCurrency === currency ? loaded.prices : new Map<string, string>();
    return items.flatMap((item) => {
      const owner = loaded.accounts.find((a) => a.steamAccount === item.steamAccount);
      return planListingRows(
        [item],
        loaded.accounts,
        loaded.bands,
        prices(owner?.currency ?? ''),
        mode,
        allowBelowBuy,
      );
    });
  }, [data.data, items, mode, allowBelowBuy]);

  const money = (amount: string, currency: string) => formatAmount(amount, currency, lang);
  const previewRows: MoneyPreviewRow[] = rows.map((row) => previewRow(row));

  function previewRow(row: ListingRow): MoneyPreviewRow {
    const currency = row.currency ?? 'RUB';
    const marks: NonNullable<MoneyPreviewRow['marks']>[number][] = [];
    if (row.account?.dryRun) marks.push({ label: t('listing.marks.dryRun'), tone: 'info' });
    const band = row.band;
    if (row.account) {
      marks.push(
        band && (band.priceBuy || band.priceSell)
          ? {
              label: t('listing.marks.band', {
                from: band.priceBuy ? money(band.priceBuy, currency) : '—',
                to: band.priceSell ? money(band.priceSell, currency) : '—',
              }),
            }
          : { label: t('listing.marks.noBand'), tone: 'warning' },
      );
    }
    if (row.marketPrice && mode.kind !== 'absolute') {
      marks.push({ label: t('listing.marks.marketPrice', { price: money(row.marketPrice, currency) }) });
    }
    if (row.decision?.status === 'clamped') {
      marks.push({
        label: t('listing.marks.clamped', { asked: money(row.decision.asked, currency) }),
        tone: 'warning',
      });
    }
    if (row.decision?.status === 'below-buy-allowed') {
      marks.push({ label: t('listing.marks.belowBuyAllowed'), tone: 'error' });
    }
    if (row.problem === 'below-buy') {
      marks.push({
        label: t('listing.marks.belowBuy', { buy: money(row.band?.priceBuy ?? '0', currency) }),
        tone: 'error',
      });
    }
    if (row.problem === 'no-account') marks.push({ label: t('listing.marks.noAccount'), tone: 'error' });
    if (row.problem === 'no-price') marks.push({ label: t('listing.marks.noPrice'), tone: 'warning' });
    if (row.problem === 'bad-price') marks.push({ label: t('listing.marks.badPrice'), tone: 'error' });
    if (row.problem === 'max-price' && row.marketPrice) {
      marks.push({
        label: t('listing.marks.maxPrice', {
          percent: row.account?.maxPricePercent ?? 0,
          reference: money(row.marketPrice, currency),
        }),
        tone: 'error',
      });
    }
    const price = rowPrice(row);
    return {
      id: row.item.key,
      name: row.item.marketHashName,
      account: t('listing.account', { market: marketName(market), steam: row.item.steamAccountName }),
      currency,
      from: null,
      to: price,
      marks,
      sendable: price !== null,
    };
  }

  const confirm = async (ids: (string | number)[]) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const chosen = new Set(ids.map(String));
    const requests = listingRequests(
      rows.filter((row) => chosen.has(row.item.key)),
      allowBelowBuy,
      () => crypto.randomUUID(),
    );
    const out: Started[] = [];
    for (const request of requests) {
      const key = keys.current.get(request.account.id) ?? request.body.listing_key!;
      keys.current.set(request.account.id, key);
      const result = await botApi.call('bot-trading.list-items', {
        params: { id: request.account.id },
        body: { ...request.body, listing_key: key },
      });
      out.push({
        account: request.account,
        count: request.body.items.length,
        job: result.success ? (result.data as BotJob) : null,
        error: result.success ? null : (result.error ?? `HTTP ${result.status}`),
      });
    }
    setBusy(false);
    setStarted(out);
    const count = out.filter((entry) => entry.job).length;
    notify({ text: t('listing.results.started', { count }), color: count > 0 ? 'success' : 'error' });
  };

  if (started) {
    return (
      <WideDialog
        onClose={onClose}
        title={t('listing.results.title')}
        actions={<Button onClick={onClose}>{t('common.close')}</Button>}
      >
        <Stack spacing={1.5} data-testid="listing-results">
          {started.map((entry) => (
            <ListingJobView key={entry.account.id} entry={entry} onFinished={onFinished} />
          ))}
        </Stack>
      </WideDialog>
    );
  }

  const symbolOf = (currency: string) => CURRENCY_SYMBOLS[currency as ConvertibleCurrency] ?? currency;
  const priced = data.data?.prices.size ?? 0;
  const intro = (
    <Stack spacing={1.5} sx={{ mb: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          margin="none"
          label={t('listing.market')}
          sx={{ width: 260 }}
          value={market}
          onChange={(event) => setMarket(event.target.value as MarketCode)}
        >
          {markets.map((code) => {
            const reason = manualListingSupport(code);
            return (
              <MenuItem key={code} value={code} disabled={reason !== null}>
                <ListItemText
                  primary={marketName(code)}
                  secondary={reason ? t(`listing.unsupported.${reason}`) : null}
                />
              </MenuItem>
            );
          })}
        </TextField>
        <TextField
          select
          margin="none"
          label={t('listing.mode')}
          sx={{ width: 320 }}
          value={modeKind}
          onChange={(event) => setModeKind(event.target.value as ModeKind)}
        >
          {(['absolute', 'percent', 'undercut'] as const).map((kind) => (
            <MenuItem key={kind} value={kind} disabled={kind !== 'absolute' && !data.data?.hasPriceDatabase}>
              {t(`listing.modes.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        {modeKind === 'absolute' &&
          (currencies.length > 0 ? currencies : ['RUB']).map((currency) => (
            <TextField
              key={currency}
              margin="none"
              label={t('listing.priceIn', { symbol: symbolOf(currency) })}
              sx={{ width: 150 }}
              value={absolute[currency] ?? ''}
              onChange={(event) => setAbsolute((current) => ({ ...current, [currency]: event.target.value }))}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        {modeKind === 'percent' && (
          <TextField
            margin="none"
            label={t('listing.percent')}
            sx={{ width: 150 }}
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
          />
        )}
        {modeKind === 'undercut' && (
          <TextField
            margin="none"
            label={t('listing.steps')}
            sx={{ width: 120 }}
            value={steps}
            onChange={(event) => setSteps(event.target.value.replace(/\D/g, ''))}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
      </Stack>
      <FormControlLabel
        control={
          <Checkbox checked={allowBelowBuy} onChange={(event) => setAllowBelowBuy(event.target.checked)} />
        }
        label={t('listing.allowBelowBuy')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('listing.hint')}{' '}
        {data.data &&
          (data.data.hasPriceDatabase
            ? t('listing.marketPrices', { count: priced, total: names.length })
            : t('listing.noMarketPrices'))}
      </Typography>
      {data.isFetching && (
        <Box>
          <LinearProgress />
          <Typography variant="caption">{t('listing.loading')}</Typography>
        </Box>
      )}
      {data.isError && <Alert severity="error">{t('listing.loadFailed')}</Alert>}
    </Stack>
  );

  return (
    <MoneyPreviewDialog
      title={t('listing.title', { count: items.length })}
      rows={previewRows}
      confirmLabel={t('listing.confirm')}
      intro={intro}
      busy={busy || (data.isFetching && !data.data)}
      onConfirm={(ids) => void confirm(ids)}
      onClose={onClose}
    />
  );
}

/** One market account's listing job, followed, with a line per item. */
function ListingJobView({ entry, onFinished }: { entry: Started; onFinished?: () => void }) {
  const { t, i18n, lang } = useUiLang();
  const view = useBotJob(entry.job?.id, { initial: entry.job, onFinish: () => onFinished?.() });
  const job = view.job;
  const result = job?.state === 'done' ? (job.result as BotListItemsResult | null) : null;
  const reason = (code: string | null) => {
    const key = `listing.reasons.${code ?? 'market'}`;
    return i18n.exists(key) ? t(key) : t('listing.reasons.market', { code });
  };
  const line = (item: BotListedItem) => {
    const price = formatAmount(item.price, item.currency, lang);
    if (item.status === 'refused') return t('listing.results.refused', { reason: reason(item.reason) });
    const text = t(result?.dry_run ? 'listing.results.listedDryRun' : 'listing.results.listed', { price });
    return item.item_id ? `${text} (${t('listing.results.itemId', { id: item.item_id })})` : text;
  };
  return (
    <Box data-testid="listing-job" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
      <Typography variant="subtitle2">{entry.account.label}</Typography>
      {entry.error && <Alert severity="error">{`${t('listing.results.startFailed')}: ${entry.error}`}</Alert>}
      {view.active && (
        <>
          <LinearProgress sx={{ my: 0.5 }} />
          <Typography variant="body2">
            {t(job?.state === 'running' ? 'listing.results.running' : 'listing.results.queued')}
          </Typography>
        </>
      )}
      {job && (job.state === 'failed' || job.state === 'cancelled') && (
        <Alert severity="error">
          <ResultDetails values={[job.error]}>{t('listing.results.failed')}</ResultDetails>
        </Alert>
      )}
      {result && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="listing-summary">
            <ResultDetails values={[result]}>
              {t(result.dry_run ? 'listing.results.summaryDryRun' : 'listing.results.summary', {
                listed: result.listed,
                refused: result.refused,
              })}
            </ResultDetails>
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {result.items.map((item) => (
              <li key={item.asset_id} data-testid="listing-item" data-status={item.status}>
                <Typography variant="body2" component="span">
                  {`${item.market_hash_name ?? item.asset_id}: ${line(item)}`}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
