import { SIGNUP_STEPS, type BotRouteId, type SignupStep } from '@toydesk/contract';
import { ApiError, conflict, notFound } from '@toydesk/api-kit';
import { readChecklistSteps, steamAccountExists } from '@toydesk/db';

import { pathId, runJobAndWait, startJob, type BotHandlers, type SharedHandler } from '../../http/handler.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { randomAvatars } from './avatars.ts';
import { MAFILE_HANDLERS } from './mafile-import.ts';
import { stepKind } from './signup-jobs.ts';
import { markStep, orderProblem } from './signup-steps.ts';

async function assertAccount(runtime: BotRuntime, id: number) {
  if (!(await steamAccountExists(runtime.db, id)))
    throw notFound('Нет такого Steam-аккаунта. (No such Steam account.)');
}

/** The jobs that move an account through its checklist: one at a time per account. */
const CHAIN_KINDS = [...SIGNUP_STEPS.map(stepKind), 'signup.setup-profile', 'signup.follow-last-email'];

async function assertNoChainRunning(runtime: BotRuntime, account: number) {
  const busy = await runtime.queue.store.list(
    { states: ['queued', 'running'], kinds: CHAIN_KINDS, accounts: [account] },
    1,
    1,
  );
  const job = busy.results[0];
  if (job) {
    throw conflict(
      `Для аккаунта уже идёт шаг регистрации ${job.kind} (${job.id}). ` +
        `(A sign-up job of this account is ${job.state}: ${job.kind} ${job.id}.)`,
    );
  }
}

/** A sign-up step: 404 for an unknown account, 409 when its predecessor is not done, else 202 with its job. */
function stepHandler(step: SignupStep): SharedHandler {
  return async (ctx) => {
    const account = pathId(ctx.params);
    await assertAccount(ctx.runtime, account);
    const problem = orderProblem(step, await readChecklistSteps(ctx.runtime.db, account));
    if (problem) throw conflict(problem);
    await assertNoChainRunning(ctx.runtime, account);
    // Pending before the job exists: a worker may start it (and mark it running) the moment it is queued.
    await markStep(ctx.runtime.db, account, step, { state: 'pending' });
    return startJob(ctx, stepKind(step), { account, input: ctx.body ?? {} });
  };
}

/** Any other call on one account: 202 with its job. */
function actionHandler(kind: string): SharedHandler {
  return async (ctx) => {
    const account = pathId(ctx.params);
    await assertAccount(ctx.runtime, account);
    return startJob(ctx, kind, { account, input: ctx.body ?? {} });
  };
}

/** A read on one account: waits for its job (see runJobAndWait). */
function readHandler(kind: string): SharedHandler {
  return async (ctx) => {
    const account = pathId(ctx.params);
    await assertAccount(ctx.runtime, account);
    return runJobAndWait({ ...ctx, query: ctx.query as { wait?: number } }, kind, { account, input: {} });
  };
}

type SignupRouteId = Extract<BotRouteId, `bot-signup.${string}`>;

export const SIGNUP_HANDLERS: BotHandlers<SignupRouteId> = {
  'bot-signup.follow_to_last_email': async (ctx) => {
    const account = ctx.body.id;
    await assertAccount(ctx.runtime, account);
    const steps = await readChecklistSteps(ctx.runtime.db, account);
    if (steps.add_phone?.state !== 'done') {
      throw conflict(
        'Шаг «add_phone» ещё не выполнен. (Step add_phone must be done before following the email link.)',
      );
    }
    await assertNoChainRunning(ctx.runtime, account);
    return startJob(ctx, 'signup.follow-last-email', { account, input: {} });
  },
  'bot-signup.relogin': stepHandler('relogin'),
  'bot-signup.setup_profile': async (ctx) => {
    const account = pathId(ctx.params);
    await assertAccount(ctx.runtime, account);
    await assertNoChainRunning(ctx.runtime, account);
    return startJob(ctx, 'signup.setup-profile', { account, input: {} });
  },
  'bot-signup.add_phone': stepHandler('add_phone'),
  'bot-signup.add_phone_resend_code': stepHandler('resend_code'),
  'bot-signup.add_phone_confirm': stepHandler('confirm_phone_code'),
  'bot-signup.set_random_profile_info': stepHandler('set_random_profile_info'),
  'bot-signup.upload_avatar': stepHandler('upload_avatar'),
  'bot-signup.make_profile_public': stepHandler('make_profile_public'),
  'bot-signup.set_steam_info_to_site': stepHandler('set_steam_info_to_site'),
  'bot-signup.enable_2fa_step_1': stepHandler('enable_2fa_step_1'),
  'bot-signup.enable_2fa_step_2': stepHandler('enable_2fa_step_2'),
  'bot-signup.transform_cards_to_badges': actionHandler('signup.transform-cards-to-badges'),
  'bot-signup.get_my_inventory': actionHandler('signup.get-my-inventory'),
  'bot-signup.turn_item_into_gems': actionHandler('signup.turn-item-into-gems'),
  'bot-signup.subscribe_to_group': actionHandler('signup.subscribe-to-group'),
  'bot-signup.get_my_groups': actionHandler('signup.get-my-groups'),
  'bot-signup.add_group_to_favorite': actionHandler('signup.add-group-to-favorite'),
  'bot-signup.post_message_in_feed': actionHandler('signup.post-message-in-feed'),
  'bot-signup.workshop_add_to_favorite': actionHandler('signup.workshop-add-to-favorite'),
  'bot-signup.decorate_set_theme': actionHandler('signup.decorate-set-theme'),
  'bot-signup.decorate_set_favorite_badge': actionHandler('signup.decorate-set-favorite-badge'),
  'bot-signup.decorate_set_profile_background': actionHandler('signup.decorate-set-profile-background'),
  'bot-signup.decorate_configure_showcase': actionHandler('signup.decorate-configure-showcase'),
  'bot-signup.edit_profile_info': actionHandler('signup.edit-profile-info'),
  'bot-signup.reset_inventory_notification_counter': actionHandler(
    'signup.reset-inventory-notification-counter',
  ),
  ...MAFILE_HANDLERS,
  'bot-signup.decorate_profile_settings': readHandler('signup.profile-settings'),
  'bot-signup.decorate_available_emotions': readHandler('signup.available-emotions'),
  'bot-signup.get_random_avatars': async ({ body }) => {
    const count = body?.count ?? 6;
    if (count < 1) throw new ApiError(400, { count: ['at least 1'] });
    return { results: randomAvatars(count) };
  },
};
