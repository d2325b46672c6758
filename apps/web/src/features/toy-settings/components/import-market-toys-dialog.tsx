import { useCallback } from 'react';

import { useImportMarketToys } from '../api/import-market-toys';
import { checkWithSchema, MARKET_TOY_IMPORT, marketToyImportSchema } from '../utils/import-specs';
import { priceRangeErrors } from '../utils/price-range';
import { ImportDialog } from './import-dialog';

import { useUiLang } from '@/lib/use-ui-lang';

/**
 * Market prices import: market toys upserted by item and market through
 * bulk-create-or-update-by-market-hash-name (all or nothing), with the form's price-range checks per row.
 */
export function ImportMarketToysDialog({ onClose }: { onClose: () => void }) {
  const { t, lang } = useUiLang();
  const importMarketToys = useImportMarketToys();
  const minAboveMax = t('marketToys.minAboveMax');
  const check = useCallback(
    (values: Record<string, unknown>) => {
      const checked = checkWithSchema(marketToyImportSchema, values, lang);
      if (!checked.ok) return checked;
      // As in the bulk edit, a row that switches dynamic orders on brings its range: the loop must not buy
      // at any price because a file left the columns out. The schema's body has the amounts as decimal text.
      const range = priceRangeErrors(checked.body, {}, lang, minAboveMax);
      return range ? { ok: false as const, errors: range } : checked;
    },
    [lang, minAboveMax],
  );
  const toyNotFound = useCallback((id: number) => t('toys.import.toyNotFound', { id }), [t]);
  return (
    <ImportDialog
      title={t('marketToys.import.title')}
      hint={t('marketToys.import.hint')}
      spec={MARKET_TOY_IMPORT}
      check={check}
      submit={(rows) => importMarketToys.mutateAsync({ rows, toyNotFound })}
      onClose={onClose}
    />
  );
}
