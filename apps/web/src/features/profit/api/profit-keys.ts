import type { LiveMeta } from '@/lib/live-updates';

/** Every profit summary's key starts here: a fee edit reads them all again. */
export const PROFIT_KEY = ['profit'] as const;

/** Profit is made of toy_history: a new deal, edit or status change there moves every figure. */
export const PROFIT_LIVE = { live: ['history'] } satisfies LiveMeta;
