import type { MarketCode } from '@toydesk/contract';
import type { HttpClient } from '@toydesk/http';

import { BitskinsClient } from './bitskins/bitskins-client.ts';
import { lookupBitskinsSpend } from './bitskins/bitskins-spend-lookup.ts';
import { CsfloatClient } from './csfloat/csfloat-client.ts';
import { lookupCsfloatSpend } from './csfloat/csfloat-spend-lookup.ts';
import { LisSkinsClient } from './lis-skins/lis-skins-client.ts';
import { lookupLisSkinsSpend } from './lis-skins/lis-skins-spend-lookup.ts';
import type { MarketEndpoint } from './market-endpoints.ts';
import {
  lookupTmSpend,
  type TmOrderLookup,
  type TmSpendCall,
  type TmSpendLookup,
} from './tm/spend-lookup.ts';
import type { TmClient } from './tm/tm-client.ts';
import { lookupWaxpeerSpend } from './waxpeer/waxpeer-spend-lookup.ts';
import { WaxpeerClient } from './waxpeer/waxpeer-client.ts';

/** One spending call whose answer was lost, as recorded when it was sent. */
export interface SpendToLookUp {
  call: string;
  customId: string;
  /** The listings bought, for markets that take no id of ours (CSFloat, BitSkins). */
  listingIds: readonly string[];
  /** What a tm set-order asked for (tm has no custom_id on orders). */
  order: TmOrderLookup | null;
}

const LOOKUP_CALLS: ReadonlySet<string> = new Set<TmSpendCall>(['buy', 'set-order', 'money-send']);
const TM_FAMILY: ReadonlySet<MarketCode> = new Set<MarketCode>(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);

/**
 * How to ask a marketplace whether a spending call took effect (tm: get-buy-info / get-info-money-send by
 * custom_id, get-orders for set-order; Lis-skins: /market/info by custom_id; Waxpeer: check-many-project-id
 * by our project_id; CSFloat and BitSkins, which take no id of ours: the bought listings in their history),
 * or null when it cannot be asked and an operator must check by hand. The market proxy and the bots' spend
 * checks both look calls up through this one place.
 */
export function spendLookupFor(
  endpoint: MarketEndpoint,
  access: { http: HttpClient; credential: string; tm: () => TmClient },
  spend: SpendToLookUp,
): (() => Promise<TmSpendLookup>) | null {
  if (!LOOKUP_CALLS.has(spend.call) || !access.credential) return null;
  if (TM_FAMILY.has(endpoint.code)) {
    const call = spend.call as TmSpendCall;
    return async () => lookupTmSpend(access.tm(), call, spend.customId, spend.order);
  }
  if (spend.call !== 'buy') return null;
  const config = { baseUrl: endpoint.baseUrl, http: access.http, credential: access.credential };
  const [listingId] = spend.listingIds;
  switch (endpoint.code) {
    case 'lis_skins':
      return () => lookupLisSkinsSpend(new LisSkinsClient(config), spend.customId);
    case 'waxpeer':
      return () => lookupWaxpeerSpend(new WaxpeerClient(config), spend.customId);
    case 'csfloat':
      return listingId === undefined
        ? null
        : () => lookupCsfloatSpend(new CsfloatClient(config), spend.listingIds);
    case 'bitskins':
      return listingId === undefined
        ? null
        : () => lookupBitskinsSpend(new BitskinsClient(config), listingId);
    default:
      return null;
  }
}
