import { endSession, loginWithJson } from '../../auth/login-routes.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `accounts.*` routes. */
export const accountsHandlers = {
  'accounts.login': (ctx) => loginWithJson(ctx.services, ctx.request, ctx.reply, ctx.rawBody),

  'accounts.logout': async (ctx) => {
    await endSession(ctx.services, ctx.request, ctx.reply);
    return { success: true };
  },
} satisfies Partial<ApiHandlers>;
