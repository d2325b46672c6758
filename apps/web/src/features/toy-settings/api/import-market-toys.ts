import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import type { MarketToyImportRow } from '../utils/import-specs';
import { fieldErrorsText, ImportRowsError } from '../utils/parse-import';
import type { MarketToyByName } from './create-market-toy';
import { chunks, IDS_PER_REQUEST, MARKET_TOYS_LIST_KEY, TOYS_LIST_KEY } from './toy-keys';

export interface ImportMarketToysInput {
  rows: readonly MarketToyImportRow[];
  /** The message for a toy id that names no toy. */
  toyNotFound: (id: number) => string;
}

/** The market hash names of the toys with these ids (read through the list's id filter, in chunks). */
async function namesOfToys(ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const chunk of chunks(ids, IDS_PER_REQUEST)) {
    const page = unwrap(await api.call('toys.list', { query: { id: chunk, page_size: chunk.length } }));
    for (const toy of page.results) names.set(toy.id, toy.market_hash_name);
  }
  return names;
}

/**
 * POST /api/market/toys/bulk-create-or-update-by-market-hash-name/: one all-or-nothing upsert by item and
 * market. The route keys rows by market hash name, so rows naming their toy by id get its name first; an id
 * that names no toy refuses the import before anything is written. A 400 names the failing rows by index.
 */
export async function importMarketToys({ rows, toyNotFound }: ImportMarketToysInput) {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.market_hash_name || row.toy === undefined ? [] : [row.toy]))),
  ];
  const names = ids.length > 0 ? await namesOfToys(ids) : new Map<number, string>();
  const missing = new Map<number, string>();
  const body = rows.map(({ toy, market_hash_name, ...rest }, index): MarketToyByName => {
    const name = market_hash_name || (toy === undefined ? undefined : names.get(toy));
    if (!name) missing.set(index, fieldErrorsText({ toy: [toyNotFound(toy ?? 0)] }));
    return { ...rest, market_hash_name: name ?? '' };
  });
  if (missing.size > 0) throw new ImportRowsError(missing);
  // The dialog shows a 400 against its rows itself.
  return unwrap(
    await api.call('market-toys.bulk_create_or_update_by_mhn', { body }, { hideNotification: true }),
  );
}

export function useImportMarketToys() {
  // Toys missing from the catalogue were added with their market rows.
  return useRefreshingMutation(importMarketToys, { refresh: [MARKET_TOYS_LIST_KEY, TOYS_LIST_KEY] });
}
