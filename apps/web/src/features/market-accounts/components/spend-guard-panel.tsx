import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
  type ChipProps,
} from '@mui/material';
import type { MarketSpend, SpendGuardInput, SpendGuardView, SpendState } from '@toydesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatDateTime } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

import { useSaveSpendGuard, useSpendGuard, useSpends } from '../api/spend-guard';
import { currencySymbol, formatSpendAmount } from '../utils/format-spend-amount';

export const SPEND_STATE_COLORS: Record<SpendState, ChipProps['color']> = {
  done: 'success',
  not_done: 'default',
  unknown: 'error',
  reserved: 'info',
};

/** Spending calls shown in the drawer (the route answers the last 100). */
const SHOWN_SPENDS = 10;

type FieldErrors = Partial<Record<keyof SpendGuardInput | 'detail', string>>;

function fieldErrorsOf(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null) return {};
  const out: FieldErrors = {};
  for (const [name, value] of Object.entries(errors as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value.map(String).join(' ') : String(value);
    if (name === 'daily_cap' || name === 'max_price_percent' || name === 'detail') out[name] = text;
    else out.detail = `${out.detail ? `${out.detail} ` : ''}${name}: ${text}`;
  }
  return out;
}

/** The form over what is stored: empty means off; sent as typed, so the server's 400 names bad values. */
function GuardForm({ accountId, view }: { accountId: number; view: SpendGuardView }) {
  const { t } = useTranslation();
  const save = useSaveSpendGuard(accountId);
  const [cap, setCap] = useState(view.daily_cap ?? '');
  const [percent, setPercent] = useState(
    view.max_price_percent === null ? '' : String(view.max_price_percent),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  const submit = async () => {
    setSaved(false);
    // A Russian keyboard types a decimal comma; the API takes a dot.
    const trimmedCap = cap.trim().replace(',', '.');
    const trimmedPercent = percent.trim().replace(',', '.');
    // Text that is no number at all gets the console's own message: the server's would be a bare
    // "expected number, received string". A number (130.5, -5) goes as typed: the server's 400 names the rule.
    if (trimmedPercent !== '' && !/^-?\d+(\.\d+)?$/.test(trimmedPercent)) {
      setErrors({ max_price_percent: t('spendGuards.percentNotNumber') });
      return;
    }
    const body: SpendGuardInput = {
      daily_cap: trimmedCap === '' ? null : trimmedCap,
      max_price_percent: trimmedPercent === '' ? null : Number(trimmedPercent),
    };
    const result = await save.mutateAsync(body);
    if (result.success) {
      setErrors({});
      setSaved(true);
    } else {
      const named = fieldErrorsOf(result.errors);
      setErrors(
        Object.keys(named).length > 0 ? named : { detail: result.error ?? t('spendGuards.saveFailed') },
      );
    }
  };

  return (
    <Stack spacing={1} component="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          label={t('spendGuards.dailyCap')}
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          error={Boolean(errors.daily_cap)}
          helperText={errors.daily_cap ?? t('spendGuards.offWhenEmpty')}
          slotProps={{
            input: {
              endAdornment: <InputAdornment position="end">{currencySymbol(view.currency)}</InputAdornment>,
            },
            htmlInput: { 'data-testid': 'spend-guard-cap', inputMode: 'decimal' },
          }}
        />
        <TextField
          size="small"
          label={t('spendGuards.maxPricePercent')}
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          error={Boolean(errors.max_price_percent)}
          helperText={errors.max_price_percent ?? t('spendGuards.maxPriceHint')}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { 'data-testid': 'spend-guard-percent', inputMode: 'numeric' },
          }}
        />
      </Stack>
      {errors.detail && <Alert severity="error">{errors.detail}</Alert>}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
          {t('spendGuards.save')}
        </Button>
        {saved && (
          <Typography variant="body2" color="success.main" role="status">
            {t('spendGuards.saved')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

function SpentToday({ view }: { view: SpendGuardView }) {
  const { t, lang } = useUiLang();
  const money = (amount: string) => formatSpendAmount(amount, view.currency, lang);
  const spent = Number(view.spent_today);
  const cap = view.daily_cap === null ? null : Number(view.daily_cap);
  return (
    <Box data-testid="spent-today">
      <Typography variant="body2">
        {view.daily_cap === null
          ? t('spendGuards.spentTodayNoCap', { spent: money(view.spent_today) })
          : t('spendGuards.spentToday', { spent: money(view.spent_today), cap: money(view.daily_cap) })}
      </Typography>
      {cap !== null && (
        <LinearProgress
          variant="determinate"
          color={spent >= cap ? 'error' : 'primary'}
          value={cap > 0 ? Math.min(100, (spent / cap) * 100) : 100}
          aria-label={t('spendGuards.dailyCap')}
        />
      )}
    </Box>
  );
}

/** One spending call: its state, and while it is not done a hint naming the one safe retry (same custom_id). */
export function SpendRow({ spend }: { spend: MarketSpend }) {
  const { t, lang } = useUiLang();
  return (
    <Box data-testid={`spend-${spend.custom_id}`} sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Chip
          size="small"
          variant="outlined"
          color={SPEND_STATE_COLORS[spend.state]}
          label={t(`spendGuards.state.${spend.state}`)}
          sx={{ height: 20, fontSize: 11 }}
        />
        <Typography variant="body2">
          {spend.call} · {spend.subject ?? '—'} · {formatSpendAmount(spend.amount, spend.currency, lang)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {spend.source} · {formatDateTime(spend.created_at, lang)}
        </Typography>
      </Stack>
      {(spend.state === 'unknown' || spend.state === 'not_done' || spend.state === 'reserved') && (
        <Typography
          variant="caption"
          color={spend.state === 'unknown' ? 'error' : 'text.secondary'}
          component="p"
        >
          {t(spend.state === 'unknown' ? 'spendGuards.unknownHint' : 'spendGuards.safeRetryHint', {
            customId: spend.custom_id,
          })}
        </Typography>
      )}
      {spend.detail && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ wordBreak: 'break-word' }}>
          {spend.detail}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The spend guards of one market account (issue 11, items 6 and 7): the daily cap and the highest price
 * against the reference, what is spent today against the cap, and the last spending calls with their state.
 */
export function SpendGuardPanel({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const guard = useSpendGuard(accountId);
  const spends = useSpends(accountId);
  if (guard.isPending) return <LinearProgress />;
  if (guard.isError) return <Alert severity="warning">{t('spendGuards.unavailable')}</Alert>;
  const view = guard.data;
  const shown = (spends.data ?? []).slice(0, SHOWN_SPENDS);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="spend-guards">
      <Stack spacing={1}>
        <SpentToday view={view} />
        {view.unknown_today > 0 && (
          <Alert severity="error" data-testid="spend-unknown-alert">
            {t('spendGuards.unknownToday', { count: view.unknown_today })}
          </Alert>
        )}
        <GuardForm key={view.updated_at ?? 'new'} accountId={accountId} view={view} />
        {shown.length > 0 && (
          <Box>
            <Typography variant="subtitle2">{t('spendGuards.recentCalls')}</Typography>
            {shown.map((spend) => (
              <SpendRow key={spend.id} spend={spend} />
            ))}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
