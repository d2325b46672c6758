import { z } from 'zod';

import { marketHashNamesBodySchema, waitQuerySchema } from './common-inputs.ts';
import { waitedJobRoute } from './job-routes.ts';
import { botJobSchema } from './jobs.ts';
import { botFailedAccountsSchema } from './service-market.ts';
import { defineRoute } from '../routes/route-def.ts';

/** The browser parser: our tm buy orders looked up by market hash name. */

export const botMhnOrdersResultSchema = z.object({
  results: z.array(
    z.object({
      market_hash_name: z.string(),
      orders: z.number().int(),
      count: z.number().int(),
      min_price: z.string().nullable(),
      max_price: z.string().nullable(),
      market_accounts: z.array(z.number().int()),
    }),
  ),
  failed_accounts: botFailedAccountsSchema,
});

export const botBrowserParserRoutes = [
  defineRoute({
    id: 'bot-browser-parser.get_orders_mhn',
    method: 'POST',
    path: '/api-node/browser-parser/tm/orders/get-orders-mhn',
    tag: 'bot-browser-parser',
    summary: 'Our tm buy orders of the given market hash names, per name',
    description: 'Runs as a job and waits for it like the other reads (query wait, default 25 s).',
    query: waitQuerySchema,
    body: marketHashNamesBodySchema,
    response: botJobSchema,
  }),
  waitedJobRoute(
    'bot-browser-parser.get_all_orders_mhn',
    '/api-node/browser-parser/tm/orders/get-all-orders-mhn',
    'All our tm buy orders, per market hash name',
    'bot-browser-parser',
  ),
];
