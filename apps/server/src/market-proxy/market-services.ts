import type { MarketCode } from '@toydesk/contract';
import { createMarketOutbound, type MarketEndpoint } from '@toydesk/markets';

import type { Database } from '@toydesk/db';
import type { Services } from '../services.ts';

/** The outbound side of the server: the same setup as the bot services' (createMarketOutbound). */
export function createMarketServices(
  db: Database,
  endpoints: Record<MarketCode, MarketEndpoint>,
  allowIpLiteralHosts: boolean,
): Services['markets'] {
  return createMarketOutbound(db, endpoints, allowIpLiteralHosts);
}
