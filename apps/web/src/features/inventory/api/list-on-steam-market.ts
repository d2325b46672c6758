import type { BotJob } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';

export interface ListingRequest {
  inventoryId: number;
  steamAccount: number;
  assetId: string;
  marketHashName: string;
  price: string;
}

export interface ListingStart {
  request: ListingRequest;
  /** The started job, or null when the bot service refused the start. */
  job: BotJob | null;
  error: string | null;
}

/**
 * Lists each item on the Steam market through the bot services (one job per item, POST
 * /api-node/steam/{id}/market/list). The starts go one after another so a refusal names its item.
 */
export async function listOnSteamMarket(requests: readonly ListingRequest[]): Promise<ListingStart[]> {
  const out: ListingStart[] = [];
  for (const request of requests) {
    const result = await botApi.call('bot-steam.market_list', {
      params: { id: request.steamAccount },
      body: { asset_id: request.assetId, price: request.price },
    });
    out.push({
      request,
      job: result.success ? result.data : null,
      error: result.success ? null : (result.error ?? `HTTP ${result.status}`),
    });
  }
  return out;
}
