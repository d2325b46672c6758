import type { BotRouteId } from '@toydesk/contract';
import { ApiError, notFound } from '@toydesk/api-kit';
import { loadSteamAccountWithProxy, sealedPlace } from '@toydesk/db';

import { pathId, runJobAndWait, type BotHandlers } from '../../http/handler.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { guardCodeAt } from './guard-code.ts';
import { STEAM_GUARD_KINDS } from './steam-guard-jobs.ts';

async function requireAccount(runtime: BotRuntime, id: number) {
  const row = await loadSteamAccountWithProxy(runtime.db, id);
  if (!row) throw notFound('Нет такого Steam-аккаунта. (No such Steam account.)');
  return row;
}

/** The mobile authenticator's secret an action needs, else a 400 naming what is missing (the account exists). */
async function requireSecret(runtime: BotRuntime, id: number, secret: 'shared_secret' | 'identity_secret') {
  const row = await requireAccount(runtime, id);
  const value = row[secret];
  if (!value)
    throw new ApiError(400, {
      detail: `У аккаунта нет ${secret} (мобильного аутентификатора): импортируйте maFile. (The account has no ${secret}: import its maFile.)`,
      code: `no_${secret}`,
    });
  return value;
}

type SteamGuardRouteId = Extract<BotRouteId, `bot-steam-guard.${string}`>;

export const STEAM_GUARD_HANDLERS: BotHandlers<SteamGuardRouteId> = {
  // Answered here, not as a job: a job's params and result are stored, and the code must not be.
  'bot-steam-guard.code': async (ctx) => {
    const id = pathId(ctx.params);
    const sealed = await requireSecret(ctx.runtime, id, 'shared_secret');
    ctx.reply.header('cache-control', 'no-store');
    return guardCodeAt(
      ctx.runtime.vault.open(sealed, sealedPlace('steam_account', 'shared_secret', id)),
      Date.now(),
    );
  },
  'bot-steam-guard.confirmations': async (ctx) => {
    const account = pathId(ctx.params);
    await requireSecret(ctx.runtime, account, 'identity_secret');
    return runJobAndWait(ctx, STEAM_GUARD_KINDS.list, { account, input: {} });
  },
  'bot-steam-guard.accept': async (ctx) => {
    const account = pathId(ctx.params);
    await requireSecret(ctx.runtime, account, 'identity_secret');
    const ids = ctx.body.confirmation_ids;
    return runJobAndWait(ctx, STEAM_GUARD_KINDS.answer, { account, input: { accept: true, ids } });
  },
  'bot-steam-guard.decline': async (ctx) => {
    const account = pathId(ctx.params);
    await requireSecret(ctx.runtime, account, 'identity_secret');
    const ids = ctx.body.confirmation_ids;
    return runJobAndWait(ctx, STEAM_GUARD_KINDS.answer, { account, input: { accept: false, ids } });
  },
};
