import type { MarketCode } from '@toydesk/contract';
import type { HttpClient } from '@toydesk/http';
import {
  createTmFamilyClient,
  LisSkinsClient,
  lookupLisSkinsSpend,
  lookupTmSpend,
  type MarketEndpoint,
  type TmSpendLookup,
} from '@toydesk/markets';

import type { SpendCall } from './spend-call.ts';

/**
 * How the proxy asks a marketplace about one spending call: whether it happened (tm: get-buy-info /
 * get-info-money-send by custom_id, get-orders for set-order; Lis-skins: /market/info by custom_id) and the
 * toy's reference price for the price guard (tm: the lowest listing in bid-ask; Lis-skins buys by skin id and
 * names no toy, so none).
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
