import { z } from 'zod';

import { marketEntity } from '../entities/market.ts';
import { marketAccountRefSchema, steamAccountEntity } from '../entities/steam-account.ts';
import { tagEntity } from '../entities/tag.ts';

/**
 * The start-up data of the console (spec section 7, GET /api/frontend/common): the reference rows every
 * screen needs (markets, Steam accounts for pickers, tags), the bot token and who is signed in. The rows are
 * the entities' own read schemas, so the console types them from here and never again.
 */

/** A Steam account as the pickers need it: its name and its market accounts. */
export const commonSteamAccountSchema = steamAccountEntity.schema
  .pick({ id: true, steam_account_name: true })
  .extend({
    // Absent from a server older than the market accounts column: no market account yet.
    market_accounts: z.array(marketAccountRefSchema).default([]),
  });
export type CommonSteamAccount = z.infer<typeof commonSteamAccountSchema>;

export const commonDataResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    markets: z.array(marketEntity.schema),
    steamAccounts: z.array(commonSteamAccountSchema),
    tags: z.array(tagEntity.schema),
    bot_token: z.string(),
    demo: z.boolean(),
    operator: z.object({ id: z.number().int(), username: z.string() }),
  }),
});
