import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { BOT_ROUTES_BY_ID, type BotJob } from '@toydesk/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { JobProgress } from '@/components/job-progress';
import { useBotJob } from '@/lib/bot-jobs';
import { notify } from '@/lib/notifications';
import { validateWithSchema } from '@/lib/validation';

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

/**
 * Lists the selected inventory items on the Steam market at one price, one bot job per item, and follows
 * the jobs. (Marketplace listings are the auto-sell loop's work, switched on per market account.)
 */
export function ListForSaleDialog({ items, onClose }: ListForSaleDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const formId = useId();
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [starts, setStarts] = useState<ListingStart[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (items.length === 0) return;
    const schema = BOT_ROUTES_BY_ID['bot-steam.market_list'].body;
    const found = schema ? validateWithSchema(schema, { asset_id: '1', price: price.trim() }, lang) : null;
    if (found?.price || price.trim() === '' || Number(price) <= 0) {
      setError(found?.price ?? t('inventory.priceInvalid'));
      return;
    }
    setStarting(true);
    const result = await listOnSteamMarket(items.map((item) => ({ ...item, price: price.trim() })));
    setStarting(false);
    setStarts(result);
    const started = result.filter((start) => start.job).length;
    notify({ text: t('inventory.listingStarted', { count: started }), color: started ? 'success' : 'error' });
  };

  return (
    <AppDialog
      open
      onClose={onClose}
      persistent={starting}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${formId}-title`}
      title={<span id={`${formId}-title`}>{t('inventory.listTitle', { count: items.length })}</span>}
      actions={
        starts ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" form={formId} variant="contained" disabled={starting || items.length === 0}>
              {t('inventory.listSubmit')}
            </Button>
          </>
        )
      }
    >
      {starting && <LinearProgress sx={{ mb: 1 }} />}
      {starts ? (
        <Stack spacing={0.5}>
          {starts.map((start) => (
            <ListingJob key={start.request.inventoryId} start={start} />
          ))}
        </Stack>
      ) : (
        <Box component="form" id={formId} noValidate onSubmit={(event) => void submit(event)}>
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('inventory.listHint')}
          </Alert>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {items
              .slice(0, 5)
              .map((item) => item.marketHashName)
              .join(', ')}
            {items.length > 5 ? ` … (+${items.length - 5})` : ''}
          </Typography>
          <TextField
            id={`${formId}-price`}
            label={t('inventory.listPrice')}
            value={price}
            onChange={(event) => {
              setPrice(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error}
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
      )}
    </AppDialog>
  );
}
