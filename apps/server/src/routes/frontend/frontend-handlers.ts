import { listSteamAccountLinks } from '@toydesk/db';

import { sessionBotToken } from '../../auth/sessions.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `frontend.*` routes. */
export const frontendHandlers = {
  /** Start-up data of the console (spec section 7): everything the shell needs before it renders. */
  'frontend.common': async (ctx) => {
    const { resources, db } = ctx.services;
    const [markets, steamAccounts, tags] = await Promise.all([
      resources.market.listAll('t.id'),
      listSteamAccountLinks(db),
      resources.tag.listAll('t.name'),
    ]);
    return {
      success: true,
      data: {
        markets,
        steamAccounts,
        tags,
        // This session's own token (issued at login, revoked at logout); onRequest found the session.
        bot_token: sessionBotToken(ctx.request) ?? '',
        demo: ctx.services.config.demo,
        operator: ctx.operator,
      },
    };
  },
} satisfies Partial<ApiHandlers>;
