import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/** A toy's price band on one market: [price_buy, price_sell] of its market toy. */
export interface PriceBand {
  priceBuy: string | null;
  priceSell: string | null;
}

/** The key of a band: the toy and the market of a lot. */
export const bandKey = (toy: unknown, market: unknown) => `${String(toy)}:${String(market)}`;

/**
 * The bands of the given toys on the given markets (one market-toys list read, filtered by toy and market);
 * a lot whose toy has no market toy there has no band.
 */
export async function getPriceBands(
  toys: readonly number[],
  markets: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, PriceBand>> {
  const out = new Map<string, PriceBand>();
  if (toys.length === 0) return out;
  const result = await api.call(
    'market-toys.list',
    { query: { toy: [...toys], market: [...markets], page_size: ALL_ROWS } },
    { signal },
  );
  for (const row of unwrap(result).results) {
    out.set(bandKey(row.toy, row.market), { priceBuy: row.price_buy, priceSell: row.price_sell });
  }
  return out;
}

export function usePriceBands(toys: readonly number[], markets: readonly string[]) {
  return useQuery(
    queryOptions({
      queryKey: ['sell-items', 'price-bands', [...toys].sort(), [...markets].sort()] as const,
      queryFn: ({ signal }) => getPriceBands(toys, markets, signal),
    }),
  );
}
