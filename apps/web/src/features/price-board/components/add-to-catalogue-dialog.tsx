import { Alert, Box, Typography } from '@mui/material';
import type { PriceBoardRow } from '@toydesk/contract';
import { useState } from 'react';

import { ActionDialog } from '@/components/action-dialog';
import { useCommonData } from '@/lib/common-data';
import { formatAmount } from '@/lib/format';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import { useAddToCatalogue } from '../api/price-board';
import type { CatalogueBand } from '../utils/catalogue-bands';

export interface AddToCatalogueDialogProps {
  row: PriceBoardRow;
  bands: readonly CatalogueBand[];
  onClose: () => void;
}

/**
 * Asks before putting a name into the catalogue: the market toys it writes, each value in the market's own
 * currency, and that it turns trading on (buy orders). Cancel writes nothing.
 */
export function AddToCatalogueDialog({ row, bands, onClose }: AddToCatalogueDialogProps) {
  const { t, lang } = useUiLang();
  const common = useCommonData();
  const marketName = (code: string) => common.markets.find((m) => m.code === code)?.name ?? code;
  const add = useAddToCatalogue();
  const [busy, setBusy] = useState(false);
  const money = (amount: string | undefined, currency: string) => formatAmount(amount, currency, lang);
  const confirm = async () => {
    setBusy(true);
    try {
      await add(row.market_hash_name, bands);
      notify({ text: t('priceBoard.added', { name: row.market_hash_name }), color: 'success' });
      onClose();
    } catch {
      // The request wrapper has already notified the operator.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={t('priceBoard.addTitle', { name: row.market_hash_name })}
      confirmLabel={t('priceBoard.addConfirm')}
      color="warning"
      busy={busy}
      maxWidth="sm"
      confirmTestId="add-to-catalogue-confirm"
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('priceBoard.addIntro')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, mb: 1.5 }} data-testid="catalogue-bands">
        {bands.map((band) => (
          <Typography component="li" variant="body2" key={band.market}>
            {band.side === 'buy'
              ? t('priceBoard.addBuySide', {
                  market: marketName(band.market),
                  min: money(band.fields.min_price_buy, band.currency),
                  max: money(band.fields.max_price_buy, band.currency),
                })
              : band.fields.price_buy
                ? t('priceBoard.addSellSide', {
                    market: marketName(band.market),
                    min: money(band.fields.price_buy, band.currency),
                    max: money(band.fields.price_sell, band.currency),
                  })
                : t('priceBoard.addSellSideNoFloor', {
                    market: marketName(band.market),
                    max: money(band.fields.price_sell, band.currency),
                  })}
          </Typography>
        ))}
      </Box>
      <Alert severity="warning">{t('priceBoard.addWarning')}</Alert>
    </ActionDialog>
  );
}
