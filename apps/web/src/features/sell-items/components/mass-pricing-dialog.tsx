import {
  Alert,
  FormControlLabel,
  InputAdornment,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { CONVERTIBLE_CURRENCIES, CURRENCY_SYMBOLS } from '@toydesk/contract';
import { useId, useMemo, useState } from 'react';

import { MoneyPreviewDialog, type MoneyPreviewRow } from '@/components/money-preview-dialog';
import { formatAmount } from '@/lib/format';
import { priceLot, type PricedLot, type PricingMode } from '@/lib/mass-pricing';
import { useUiLang } from '@/lib/use-ui-lang';

import { competitorKey, useCompetitorPrices } from '../api/get-competitor-prices';
import { bandKey, usePriceBands } from '../api/get-price-bands';
import type { SaleLot } from '../utils/sale-lot';

type ModeKind = PricingMode['kind'];
const CURRENCY_ORDER: readonly string[] = CONVERTIBLE_CURRENCIES;

export interface MassPricingDialogProps {
  lots: readonly SaleLot[];
  /** The market account's label for the preview and the confirmation. */
  accountLabel: (id: number) => string;
  busy: boolean;
  /** The new price of each confirmed lot, by lot id. */
  onConfirm: (prices: ReadonlyMap<number, string>) => void;
  onClose: () => void;
}

const symbolOf = (currency: string) =>
  currency in CURRENCY_SYMBOLS ? CURRENCY_SYMBOLS[currency as keyof typeof CURRENCY_SYMBOLS] : currency;

/**
 * Prices of the chosen lots (Продажи → «Задать цену выбранным», and one lot's «Изменить цену»): an absolute
 * price per currency present, a percent change, or N steps under the cheapest competitor; each held within
 * its toy's [price_buy, price_sell] on its market. The preview shows every lot old → new in its own currency
 * with what the band did; only the ticked lots with a new price are sent.
 */
export function MassPricingDialog({ lots, accountLabel, busy, onConfirm, onClose }: MassPricingDialogProps) {
  const { t, lang } = useUiLang();
  const formId = useId();
  const [kind, setKind] = useState<ModeKind>('absolute');
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [percent, setPercent] = useState('');
  const [steps, setSteps] = useState('1');

  const currencies = useMemo(() => {
    const present = new Set(lots.map((lot) => lot.currency));
    return [...present].sort((a, b) => rank(a) - rank(b));
  }, [lots]);
  const toys = useMemo(
    () => [...new Set(lots.flatMap((lot) => (lot.toy === null ? [] : [lot.toy])))],
    [lots],
  );
  const markets = useMemo(() => [...new Set(lots.map((lot) => lot.market))], [lots]);
  const bands = usePriceBands(toys, markets);
  const competitorLots = useMemo(
    () =>
      lots.map((lot) => ({
        marketAccount: lot.marketAccount,
        market: lot.market,
        marketHashName: lot.name,
        marketItemId: lot.marketItemId,
      })),
    [lots],
  );
  const competitors = useCompetitorPrices(competitorLots, kind === 'undercut');

  const mode: PricingMode =
    kind === 'absolute'
      ? { kind, prices }
      : kind === 'percent'
        ? { kind, percent }
        : { kind, steps: /^\d{1,4}$/.test(steps.trim()) ? Number(steps.trim()) : -1 };

  const rows = useMemo<MoneyPreviewRow[]>(
    () =>
      lots.map((lot) => {
        const band = lot.toy === null ? undefined : bands.data?.get(bandKey(lot.toy, lot.market));
        const competitor = competitors.data?.get(competitorKey(lot.marketAccount, lot.name)) ?? null;
        const priced = priceLot(
          {
            currency: lot.currency,
            price: lot.price,
            priceBuy: band?.priceBuy ?? null,
            priceSell: band?.priceSell ?? null,
            competitor,
          },
          mode,
        );
        const marks = marksOf(priced, lot, kind, kind === 'undercut' ? competitor : null);
        return {
          id: lot.id,
          name: lot.name,
          account: accountLabel(lot.marketAccount),
          currency: lot.currency,
          from: lot.price,
          to: priced.to,
          marks: marks.map((mark) => ({
            label:
              mark.key === 'competitor'
                ? t('pricing.marks.competitor', {
                    price: formatAmount(competitor, lot.currency, lang),
                  })
                : t(`pricing.marks.${mark.key}`),
            tone: mark.tone,
          })),
          sendable: priced.to !== null && !priced.unchanged && lot.marketItemId !== null,
          preselected: !priced.noBand,
        };
      }),
    // mode is rebuilt each render from its parts, which are the real dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lots, bands.data, competitors.data, kind, prices, percent, steps, accountLabel, t, lang],
  );

  const blocked = bands.isPending
    ? t('pricing.mass.loadingBands')
    : kind === 'undercut' && competitors.isFetching
      ? t('pricing.mass.competitorsLoading')
      : null;

  const intro = (
    <Stack spacing={1} sx={{ mb: 1.5 }} component="form" id={formId} onSubmit={(e) => e.preventDefault()}>
      <RadioGroup
        row
        aria-label={t('pricing.mass.mode')}
        value={kind}
        onChange={(event) => setKind(event.target.value as ModeKind)}
      >
        <FormControlLabel
          value="absolute"
          control={<Radio size="small" />}
          label={t('pricing.mass.absolute')}
        />
        <FormControlLabel
          value="percent"
          control={<Radio size="small" />}
          label={t('pricing.mass.percent')}
        />
        <FormControlLabel
          value="undercut"
          control={<Radio size="small" />}
          label={t('pricing.mass.undercut')}
        />
      </RadioGroup>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {kind === 'absolute' &&
          currencies.map((currency) => (
            <TextField
              key={currency}
              size="small"
              margin="none"
              label={t('pricing.mass.priceIn', { symbol: symbolOf(currency) })}
              value={prices[currency] ?? ''}
              onChange={(event) => setPrices((current) => ({ ...current, [currency]: event.target.value }))}
              sx={{ width: 180 }}
              slotProps={{
                input: { endAdornment: <InputAdornment position="end">{symbolOf(currency)}</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'data-testid': `mass-price-${currency}` },
              }}
            />
          ))}
        {kind === 'percent' && (
          <TextField
            size="small"
            margin="none"
            label={t('pricing.mass.percentLabel')}
            helperText={t('pricing.mass.percentHint')}
            value={percent}
            onChange={(event) => setPercent(event.target.value.replace('−', '-'))}
            sx={{ width: 240 }}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              htmlInput: { inputMode: 'decimal', 'data-testid': 'mass-percent' },
            }}
          />
        )}
        {kind === 'undercut' && (
          <TextField
            size="small"
            margin="none"
            label={t('pricing.mass.steps')}
            helperText={t('pricing.mass.stepsHint')}
            value={steps}
            onChange={(event) => setSteps(event.target.value)}
            sx={{ width: 240 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mass-steps' } }}
          />
        )}
      </Stack>
      {(bands.isPending || (kind === 'undercut' && competitors.isFetching)) && <LinearProgress />}
      {kind === 'undercut' && competitors.isError && (
        <Alert severity="warning">
          {t('pricing.marks.competitorsFailed', { error: competitors.error.message })}
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('pricing.mass.bandHint')}
      </Typography>
    </Stack>
  );

  return (
    <MoneyPreviewDialog
      title={t('pricing.mass.title', { count: lots.length })}
      rows={rows}
      intro={intro}
      selectable
      confirmLabel={t('pricing.mass.confirm')}
      busy={busy}
      blocked={blocked}
      onConfirm={(ids) => {
        const chosen = new Map<number, string>();
        for (const row of rows)
          if (ids.includes(row.id) && row.to !== null) chosen.set(row.id as number, row.to);
        onConfirm(chosen);
      }}
      onClose={onClose}
    />
  );
}

function rank(currency: string): number {
  const index = CURRENCY_ORDER.indexOf(currency);
  return index === -1 ? CURRENCY_ORDER.length : index;
}

type MarkKey =
  | 'clampedFloor'
  | 'clampedCeiling'
  | 'noBand'
  | 'unchanged'
  | 'noInput'
  | 'noValue'
  | 'badInput'
  | 'noCompetitor'
  | 'badPrice'
  | 'noListing'
  | 'competitor';

/** What the preview says about a lot: the band's move, a missing band, no listing, why no price. */
function marksOf(
  priced: PricedLot,
  lot: SaleLot,
  kind: ModeKind,
  competitor: string | null,
): { key: MarkKey; tone: 'info' | 'warning' | 'error' }[] {
  const marks: { key: MarkKey; tone: 'info' | 'warning' | 'error' }[] = [];
  if (competitor !== null) marks.push({ key: 'competitor', tone: 'info' });
  if (priced.clamped === 'floor') marks.push({ key: 'clampedFloor', tone: 'warning' });
  if (priced.clamped === 'ceiling') marks.push({ key: 'clampedCeiling', tone: 'warning' });
  if (priced.noBand) marks.push({ key: 'noBand', tone: 'error' });
  if (priced.unchanged) marks.push({ key: 'unchanged', tone: 'info' });
  if (lot.marketItemId === null) marks.push({ key: 'noListing', tone: 'error' });
  const problems: Record<NonNullable<PricedLot['problem']>, MarkKey> = {
    'no-input': 'noInput',
    'bad-input': 'badInput',
    'no-competitor': 'noCompetitor',
    'bad-price': 'badPrice',
  };
  // An empty percent or step count: one value for every lot, not a price per currency.
  if (priced.problem === 'no-input' && kind !== 'absolute') marks.push({ key: 'noValue', tone: 'error' });
  else if (priced.problem) marks.push({ key: problems[priced.problem], tone: 'error' });
  return marks;
}
