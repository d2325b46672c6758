import type { ApiQuery, PriceBoardRow } from '@toydesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';
import { usePagedList } from '@/lib/use-paged-list';

import type { CatalogueBand } from '../utils/catalogue-bands';

/** The board's first request: a screenful and more, the rest read while scrolling. */
const FIRST_PAGE = 200;

const rowId = (row: PriceBoardRow) => row.market_hash_name;

/** The cross-market price board (GET /api/market/price-board/), read in pages as the table scrolls. */
export function usePriceBoard(query: ApiQuery<'price-board.list'>) {
  return usePagedList('price-board.list', query, FIRST_PAGE, rowId);
}

/**
 * Puts a name into the catalogue with its bands in one call: the market toys are upserted by name (a toy
 * missing from the catalogue is created), in one transaction on the server.
 */
export function useAddToCatalogue() {
  const client = useQueryClient();
  return useCallback(
    async (marketHashName: string, bands: readonly CatalogueBand[]) => {
      const result = unwrap(
        await api.call('market-toys.bulk_create_or_update_by_mhn', {
          body: bands.map((band) => ({
            market_hash_name: marketHashName,
            market: band.market,
            ...band.fields,
          })),
        }),
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: ['api', 'price-board.list'] }),
        client.invalidateQueries({ queryKey: ['api', 'market-toys.list'] }),
        client.invalidateQueries({ queryKey: ['api', 'toys.list'] }),
      ]);
      return result;
    },
    [client],
  );
}
