import type { ResourceConfig } from './resource.ts';

const marketHashNameOfToy = `(SELECT x.market_hash_name FROM toy x WHERE x.id = t.toy)`;

/**
 * For the tables whose rows point at a toy (`t.toy`: market toys, dynamic settings): the toy's market hash
 * name as a computed field, searched by ?search= and filtered by ?market_hash_name=.
 */
export const BY_TOY_MARKET_HASH_NAME = {
  search: [marketHashNameOfToy],
  computed: { market_hash_name: marketHashNameOfToy },
  customFilters: {
    market_hash_name: (values, params) => `${marketHashNameOfToy} = ANY(${params.add(values)}::text[])`,
  },
} satisfies Pick<ResourceConfig, 'search' | 'computed' | 'customFilters'>;
