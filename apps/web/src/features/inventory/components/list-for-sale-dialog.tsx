import { Alert, Box, Button, InputAdornment, Stack, TextField } from '@mui/material';
import { BOT_ROUTES_BY_ID, CURRENCY_SYMBOLS, type BotJob } from '@toydesk/contract';
import { useId, useState } from 'react';

import { WideDialog } from '@/components/wide-dialog';
import { JobProgress } from '@/components/job-progress';
import { MoneyPreviewDialog } from '@/components/money-preview-dialog';
import { useBotJob } from '@/lib/bot-jobs';
import { useCommonData } from '@/lib/common-data';
import { marketCurrency } from '@/lib/market-currency';
import { notify } from '@/lib/notifications';
import { validateWithSchema } from '@/lib/validation';
import { useUiLang } from '@/lib/use-ui-lang';

import { listOnSteamMarket, type ListingRequest, type ListingStart } from '../api/list-on-steam-market';

function ListingJob({ start }: { start: ListingStart }) {
  const view = useBotJob(start.job?.id, { initial: start.job });
  return (
    <Box data-testid="listing-job">
      <JobProgress
        job={view.job as BotJob | null}
        title={start.request.marketHashName}
        startError={start.error}
      />
    </Box>
  );
}

export interface ListForSaleDialogProps {
  items: readonly Omit<ListingRequest, 'price'>[];
  onClose: () => void;
}

/** The Steam market's currency as the console knows it (the market record of `steam`). */
const STEAM_CURRENCY = marketCurrency('steam');

/**
 * Lists the selected inventory items on the Steam market at one price, one bot job per item, and follows
 * the jobs. (Marketplace listings are the auto-sell loop's work, switched on per market account.) Nothing
 * starts before the preview (each item, its Steam account, the price in the market's currency) and the
 * confirmation naming the accounts, the count and the total.
 */
export function ListForSaleDialog({ items, onClose }: ListForSaleDialogProps) {
  const { t, lang } = useUiLang();
  const formId = useId();
  const common = useCommonData();
  const [price, setPrice] = useState('');
  const [starting, setStarting] = useState(false);
  const [starts, setStarts] = useState<ListingStart[] | null>(null);

  const typed = price.trim();
  const schema = BOT_ROUTES_BY_ID['bot-steam.market_list'].body;
  const found = schema && typed ? validateWithSchema(schema, { asset_id: '1', price: typed }, lang) : null;
  const error =
    typed === ''
      ? null
      : found?.price || !(Number(typed) > 0)
        ? (found?.price ?? t('inventory.priceInvalid'))
        : null;
  const valid = typed !== '' && error === null;
  const accountName = (id: number) =>
    common.steamAccounts.find((account) => account.id === id)?.steam_account_name ?? `#${id}`;

  const submit = async () => {
    if (items.length === 0 || !valid) return;
    setStarting(true);
    const result = await listOnSteamMarket(items.map((item) => ({ ...item, price: price.trim() })));
    setStarting(false);
    setStarts(result);
    const started = result.filter((start) => start.job).length;
    notify({ text: t('inventory.listingStarted', { count: started }), color: started ? 'success' : 'error' });
  };

  if (!starts)
    return (
      <MoneyPreviewDialog
        title={<span id={`${formId}-title`}>{t('inventory.listTitle', { count: items.length })}</span>}
        intro={
          <Box sx={{ mb: 1.5 }}>
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('inventory.listHint')} {t('pricing.steamList.intro')}
            </Alert>
            <TextField
              id={`${formId}-price`}
              label={t('inventory.listPrice')}
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              error={Boolean(error)}
              helperText={error}
              required
              fullWidth
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">{CURRENCY_SYMBOLS[STEAM_CURRENCY]}</InputAdornment>
                  ),
                },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
          </Box>
        }
        rows={items.map((item) => ({
          id: item.inventoryId,
          name: item.marketHashName,
          account: accountName(item.steamAccount),
          currency: STEAM_CURRENCY,
          from: null,
          to: valid ? typed : null,
          sendable: valid,
        }))}
        confirmLabel={t('pricing.steamList.confirm')}
        busy={starting}
        onConfirm={() => void submit()}
        onClose={onClose}
      />
    );

  return (
    <WideDialog
      onClose={onClose}
      width="sm"
      aria-labelledby={`${formId}-title`}
      title={<span id={`${formId}-title`}>{t('inventory.listTitle', { count: items.length })}</span>}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Stack spacing={0.5}>
        {starts.map((start) => (
          <ListingJob key={start.request.inventoryId} start={start} />
        ))}
      </Stack>
    </WideDialog>
  );
}
