import { z } from 'zod';

/** The market-to-service map of spec section 7. */
export const BOT_SERVICE_MARKETS = ['tm', 'tm-mhn', 'dmarket', 'cs7', 'cs7_proxy'] as const;
export const botServiceMarketSchema = z.enum(BOT_SERVICE_MARKETS);
export type BotServiceMarket = z.infer<typeof botServiceMarketSchema>;

/**
 * A market account a view over many accounts could not read (issue 11 item 5): the other accounts' data is
 * still answered. `key_rejected`: the marketplace refused the key (tm's Bad KEY, a 401/403); the account's
 * loops are then paused and an alert raised.
 */
export const botFailedAccountSchema = z.object({
  market_account: z.number().int(),
  reason: z.string(),
  key_rejected: z.boolean(),
});
export type BotFailedAccount = z.infer<typeof botFailedAccountSchema>;
/** Absent in answers from before issue 11: no account failed. */
export const botFailedAccountsSchema = z.array(botFailedAccountSchema).default([]);
