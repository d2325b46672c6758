import type { MarketCode } from '@toydesk/contract';
import type { HttpClient } from '@toydesk/http';
import {
  createTmFamilyClient,
  fromUnits,
  spendLookupFor,
  WAXPEER_UNITS_PER_USD,
  WaxpeerClient,
  type MarketEndpoint,
  type TmClient,
  type TmSpendLookup,
} from '@toydesk/markets';

import type { SpendCall } from './spend-call.ts';

/**
 * How the proxy asks a marketplace about one spending call: whether it happened (`spendLookupFor`, shared
 * with the bots' spend checks; a call that cannot be looked up throws, so its outcome stays unknown) and the
 * toy's reference price for the price guard (tm: the lowest listing in bid-ask; Waxpeer: the name's lowest
 * price in /prices; Lis-skins, CSFloat and BitSkins buy by listing id and name no toy, so none).
 */
export function spendLookups(
  code: MarketCode,
  endpoint: MarketEndpoint,
  http: HttpClient,
  credential: string,
  spend: SpendCall,
  warn: (message: string) => void,
): { lookup: () => Promise<TmSpendLookup>; reference: () => Promise<string | null> } {
  let tmClient: TmClient | undefined;
  const tm = (): TmClient =>
    (tmClient ??= createTmFamilyClient(endpoint, {
      apiKey: credential,
      http,
      currency: spend.currency,
      logger: { warn },
    }));
  const lookup =
    spendLookupFor(
      endpoint,
      { http, credential, tm },
      { call: spend.call, customId: spend.customId, listingIds: spend.listingIds ?? [], order: spend.order },
    ) ??
    (() =>
      Promise.reject(new Error(`${code}: a ${spend.call} cannot be looked up automatically; check by hand`)));
  return { lookup, reference: () => referencePrice(code, endpoint, http, credential, spend, tm) };
}

async function referencePrice(
  code: MarketCode,
  endpoint: MarketEndpoint,
  http: HttpClient,
  credential: string,
  spend: SpendCall,
  tm: () => TmClient,
): Promise<string | null> {
  if (spend.hashName === null) return null;
  if (code === 'waxpeer') {
    const { items } = await new WaxpeerClient({ baseUrl: endpoint.baseUrl, http, credential }).getPrices(
      spend.hashName,
    );
    const min = items.find((item) => item.name === spend.hashName)?.min;
    return min === undefined || min === null || Number(min) <= 0
      ? null
      : fromUnits(String(min), WAXPEER_UNITS_PER_USD);
  }
  if (code === 'lis_skins' || code === 'csfloat' || code === 'bitskins') return null;
  const book = await tm().search.bidAsk(spend.hashName, spend.order?.phase);
  return book.ask[0]?.price ?? null;
}
