import type { BotServiceMarket } from '@toydesk/contract';

/** Names as typed: one per line (a name has commas and spaces of its own), blanks and repeats left out. */
export function parseMarketHashNames(raw: string): string[] {
  return [...new Set(raw.split('\n').map((line) => line.trim()))].filter(Boolean);
}

/** The market accounts each service market reads (tm and tm-mhn cover tm's RUB and USD accounts). */
export const ACCOUNT_MARKETS: Record<BotServiceMarket, readonly string[]> = {
  tm: ['tm', 'tm_usd'],
  'tm-mhn': ['tm', 'tm_usd'],
  dmarket: ['dmarket'],
  cs7: ['cs7'],
  cs7_proxy: ['cs7_proxy'],
};
