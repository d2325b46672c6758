import { z } from 'zod';

import { marketSpendSchema, spendGuardInputSchema, spendGuardSchema } from '../spend-guard.ts';
import { defineRoute } from '../routes/route-def.ts';

/** Spend guards and spending calls of a market account (issue 11, items 6 and 7). */
export const botSpendRoutes = [
  defineRoute({
    id: 'bot-spend.guard',
    method: 'GET',
    path: '/api-node/market-accounts/{id}/spend-guard/',
    tag: 'bot-spend',
    summary: "The account's daily spend cap and highest price against the reference, and today's spending",
    response: spendGuardSchema,
  }),
  defineRoute({
    id: 'bot-spend.set_guard',
    method: 'PUT',
    path: '/api-node/market-accounts/{id}/spend-guard/',
    tag: 'bot-spend',
    summary: 'Sets both spend guards (null switches one off); the cap is in the account currency',
    body: spendGuardInputSchema,
    response: spendGuardSchema,
  }),
  defineRoute({
    id: 'bot-spend.summary',
    method: 'GET',
    path: '/api-node/spend-guards/',
    tag: 'bot-spend',
    summary: 'The spend guards and today’s spending of every account that has a guard or spent today',
    response: z.object({ results: z.array(spendGuardSchema) }),
  }),
  defineRoute({
    id: 'bot-spend.list',
    method: 'GET',
    path: '/api-node/market-accounts/{id}/spends/',
    tag: 'bot-spend',
    summary: 'The last 100 spending calls (buy, buy order, transfer) of the account with their state',
    description:
      'state: done, not_done, unknown (the answer was lost and a job keeps checking by custom_id) or ' +
      'reserved (in flight). Only a retry with the same custom_id is safe while a call is not done.',
    response: z.object({ results: z.array(marketSpendSchema) }),
  }),
];
