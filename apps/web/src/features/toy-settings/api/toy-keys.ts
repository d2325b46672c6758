/** Query keys the catalogue's changes invalidate: every page of the toy and market-toy lists. */
export const TOYS_LIST_KEY = ['api', 'toys.list'] as const;
export const MARKET_TOYS_LIST_KEY = ['api', 'market-toys.list'] as const;

/** Id lists are sent as repeated query keys; chunks keep each URL well under server limits. */
export const IDS_PER_REQUEST = 500;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
