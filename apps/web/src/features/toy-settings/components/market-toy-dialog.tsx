import { marketToyEntity, type MarketToyPatch } from '@toydesk/contract';

import { EntityFormDialog } from '@/components/entity-form/entity-form-dialog';
import type { EntityRow } from '@/components/entity-table/entity-columns';
import { marketCurrency } from '@/lib/market-currency';
import { notify } from '@/lib/notifications';
import { useUiLang } from '@/lib/use-ui-lang';

import { useCreateMarketToy, type MarketToyByName } from '../api/create-market-toy';
import { useSaveMarketToy } from '../api/save-market-toy';
import { marketToyByNameEntity } from '../utils/market-toy-by-name';
import { priceRangeErrors } from '../utils/price-range';

const EDIT_FIELDS = [
  'market',
  'scope',
  'price_buy',
  'price_sell',
  'min_price_buy',
  'max_price_buy',
  'enable_dynamic_order',
  'record_status',
  'tags',
] as const;
const CREATE_FIELDS = ['market_hash_name', ...EDIT_FIELDS] as const;
const EDIT_REQUIRED = ['market'] as const;
const CREATE_REQUIRED = ['market_hash_name', 'market'] as const;

/** Create a market toy by market hash name, or edit one's prices and dynamic-order range. */
export function MarketToyDialog({
  marketToy,
  market,
  onClose,
}: {
  marketToy: EntityRow | null;
  /** The market filter's market, the default of a new row. */
  market?: string;
  onClose: () => void;
}) {
  const { t, lang } = useUiLang();
  const create = useCreateMarketToy();
  const save = useSaveMarketToy();
  return (
    <EntityFormDialog
      entity={marketToy ? marketToyEntity : marketToyByNameEntity}
      record={marketToy}
      fields={marketToy ? EDIT_FIELDS : CREATE_FIELDS}
      // The name is only asked for a new row: editing shows no name field, so requiring it there made
      // every save stop silently (issue 12).
      required={marketToy ? EDIT_REQUIRED : CREATE_REQUIRED}
      defaults={market ? { market } : undefined}
      title={
        marketToy
          ? t('marketToys.editTitle', { name: String(marketToy.market_hash_name) })
          : t('marketToys.createTitle')
      }
      // Prices are in the chosen market's currency: Market CSGO USD's and DMarket's in $, not ₽ (issue 12).
      currencyOf={(values) =>
        typeof values.market === 'string' && values.market ? marketCurrency(values.market) : undefined
      }
      validate={(body) => priceRangeErrors(body, marketToy ?? {}, lang, t('marketToys.minAboveMax'))}
      save={(body, mode) =>
        mode === 'create'
          ? create.mutateAsync(body as MarketToyByName)
          : save.mutateAsync({ id: Number(marketToy?.id), body: body as MarketToyPatch })
      }
      onSaved={(mode) =>
        notify({
          text: mode === 'create' ? t('marketToys.created') : t('marketToys.saved'),
          color: 'success',
        })
      }
      onClose={onClose}
    />
  );
}
