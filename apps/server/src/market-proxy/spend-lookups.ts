import type { MarketCode } from '@toydesk/contract';
import type { HttpClient } from '@toydesk/http';
import {
  BitskinsClient,
  createTmFamilyClient,
  CsfloatClient,
  fromUnits,
  LisSkinsClient,
  lookupBitskinsSpend,
  lookupCsfloatSpend,
  lookupLisSkinsSpend,
  lookupTmSpend,
  lookupWaxpeerSpend,
  type MarketEndpoint,
  type TmSpendLookup,
  WAXPEER_UNITS_PER_USD,
  WaxpeerClient,
} from '@toydesk/markets';

import type { SpendCall } from './spend-call.ts';

/**
 * How the proxy asks a marketplace about one spending call: whether it happened (tm: get-buy-info /
 * get-info-money-send by custom_id, get-orders for set-order; Lis-skins: /market/info by custom_id;
 * Waxpeer: check-many-project-id by our project_id; CSFloat and BitSkins, which take no id of ours: the bought
 * listings in /me/trades or market/history/list) and the toy's reference price for the price guard (tm: the
 * lowest listing in bid-ask; Waxpeer: the name's lowest price in /prices; Lis-skins, CSFloat and BitSkins buy
 * by listing id and name no toy, so none).
 */
export function spendLookups(
  code: MarketCode,
  endpoint: MarketEndpoint,
  http: HttpClient,
  credential: string,
  spend: SpendCall,
  warn: (message: string) => void,
): { lookup: () => Promise<TmSpendLookup>; reference: () => Promise<string | null> } {
  if (code === 'lis_skins') {
    const client = new LisSkinsClient({ baseUrl: endpoint.baseUrl, http, credential });
    return {
      lookup: () => lookupLisSkinsSpend(client, spend.customId),
      reference: async () => null,
    };
  }
  const config = { baseUrl: endpoint.baseUrl, http, credential };
  if (code === 'waxpeer') {
    const client = new WaxpeerClient(config);
    return {
      lookup: () => lookupWaxpeerSpend(client, spend.customId),
      reference: async () => {
        if (spend.hashName === null) return null;
        const { items } = await client.getPrices(spend.hashName);
        const min = items.find((item) => item.name === spend.hashName)?.min;
        return min === undefined || min === null || Number(min) <= 0
          ? null
          : fromUnits(String(min), WAXPEER_UNITS_PER_USD);
      },
    };
  }
  if (code === 'csfloat') {
    const client = new CsfloatClient(config);
    return { lookup: () => lookupCsfloatSpend(client, spend.listingIds ?? []), reference: async () => null };
  }
  if (code === 'bitskins') {
    const client = new BitskinsClient(config);
    return {
      lookup: () => lookupBitskinsSpend(client, spend.listingIds?.[0] ?? ''),
      reference: async () => null,
    };
  }
  const tm = createTmFamilyClient(endpoint, {
    apiKey: credential,
    http,
    currency: spend.currency,
    logger: { warn },
  });
  return {
    lookup: () => lookupTmSpend(tm, spend.call, spend.customId, spend.order),
    reference: async () => {
      if (spend.hashName === null) return null;
      const book = await tm.search.bidAsk(spend.hashName, spend.order?.phase);
      return book.ask[0]?.price ?? null;
    },
  };
}
