import { SIGNUP_STEPS, type ChecklistStep, type SignupStep } from '@toydesk/contract';
import { randomProfileInfo } from '@toydesk/steam';

import { PermanentJobError } from '../../jobs/job-kind.ts';
import {
  type ChecklistSteps,
  type Database,
  type Queryable,
  readChecklistSteps,
  saveAuthenticatorSecrets,
  saveSteamAccountPhone,
  saveSteamAccountSteamInfo,
  setChecklistStep,
} from '@toydesk/db';
import { BOT_ACTOR } from '../proxies/proxy-handlers.ts';
import type { SteamScope } from '../steam/steam-scope.ts';
import { avatarPng, isAvatarName, randomAvatars } from './avatars.ts';
import { lastConfirmationLink } from './mailbox/last-email-link.ts';

/**
 * The sign-up steps of spec section 4, in their order. Each step needs its predecessor done (resend_code is
 * optional: confirm_phone_code follows add_phone). A step that needs something only a person has (a phone
 * number, an SMS code) and cannot find it (request body, account record, the simulated Steam's inbox)
 * stops with NeedsInputError.
 */
export const STEP_PREDECESSOR: Record<SignupStep, SignupStep | null> = {
  relogin: null,
  add_phone: 'relogin',
  resend_code: 'add_phone',
  confirm_phone_code: 'add_phone',
  set_random_profile_info: 'confirm_phone_code',
  upload_avatar: 'set_random_profile_info',
  make_profile_public: 'upload_avatar',
  enable_2fa_step_1: 'make_profile_public',
  enable_2fa_step_2: 'enable_2fa_step_1',
  set_steam_info_to_site: 'enable_2fa_step_2',
};
/** Steps setup-profile skips when they are not done: a resend is only needed when a code did not come. */
export const OPTIONAL_STEPS = new Set<SignupStep>(['resend_code']);

export class NeedsInputError extends PermanentJobError {
  constructor(
    readonly step: SignupStep,
    message: string,
  ) {
    super(message, { step, needs_input: true });
    this.name = 'NeedsInputError';
  }
}

/** Sets one step of the account's checklist (account_checklist.steps), creating the checklist if needed. */
export async function markStep(
  db: Queryable,
  account: number,
  step: SignupStep,
  value: { state: ChecklistStep['state']; error?: string | null; job_id?: string | null },
): Promise<void> {
  // A step's outcome (and a step asked for) is a change an operator looks for in the audit log; 'running'
  // is only the moment between, shown by the job itself.
  await setChecklistStep(db, account, step, value, value.state !== 'running' ? BOT_ACTOR : null);
}

/** The message of the 409 (and of the job's refusal) when a step comes too early; null when it may run. */
export function orderProblem(step: SignupStep, steps: ChecklistSteps): string | null {
  const before = STEP_PREDECESSOR[step];
  if (before === null || steps[before]?.state === 'done') return null;
  return (
    `Шаг «${before}» ещё не выполнен: сначала он, потом «${step}». ` +
    `(Step ${before} must be done before ${step}; it is ${steps[before]?.state ?? 'not started'}.)`
  );
}

export async function assertOrder(db: Database, account: number, step: SignupStep): Promise<void> {
  const problem = orderProblem(step, await readChecklistSteps(db, account));
  if (problem) throw new PermanentJobError(problem, { step, predecessor: STEP_PREDECESSOR[step] });
}

/** What a step may be given in its request body. */
export interface StepInput {
  phone?: string;
  country_code?: string;
  code?: string;
  activation_code?: string;
  image_base64?: string;
  avatar?: string;
}

type StepRun = (scope: SteamScope, input: StepInput) => Promise<unknown>;

async function smsCode(scope: SteamScope, step: SignupStep, given: string | undefined, purpose: string) {
  const code = given ?? (await scope.inbox?.lastSmsCode(scope.accountName, purpose)) ?? null;
  if (!code) throw new NeedsInputError(step, `Step ${step} needs the SMS code: send it in the request body`);
  return code;
}

/** The email link, then the first SMS code: what follows add_phone (also POST .../follow-to-last-email/). */
export async function followLastEmail(scope: SteamScope): Promise<{ followed: boolean; sms_sent: boolean }> {
  // The account's mailbox over IMAP, or the simulated Steam's own (mailbox/last-email-link.ts).
  const link = await lastConfirmationLink(scope);
  const response = await fetch(link, { redirect: 'follow', signal: scope.ctx.signal });
  if (!response.ok) throw new Error(`Following the email link answered ${response.status}`);
  await scope.ctx.log('email link followed');
  await scope.withSession((session) => scope.gateway.sendPhoneCode(session));
  await scope.ctx.log('SMS code requested');
  return { followed: true, sms_sent: true };
}

export const STEP_RUNS: Record<SignupStep, StepRun> = {
  relogin: async (scope) => {
    const session = await scope.relogin();
    return { steam_id: session.steamId, access_token_expires_at: session.accessTokenExpiresAt };
  },

  add_phone: async (scope, input) => {
    const number = input.phone ?? scope.account.phone;
    if (!number) throw new NeedsInputError('add_phone', 'Step add_phone needs a phone number (body phone)');
    const phone = number.startsWith('+') ? number : `+${number}`;
    const added = await scope.withSession((session) =>
      scope.gateway.addPhone(session, { number: phone, countryCode: input.country_code ?? null }),
    );
    await saveSteamAccountPhone(scope.runtime.db, scope.account.id, phone);
    return {
      confirmation: added.confirmation,
      email_hint: added.emailHint,
      phone: added.phoneNumberFormatted,
    };
  },

  resend_code: async (scope) => {
    await scope.withSession((session) => scope.gateway.resendPhoneCode(session));
    return { resent: true };
  },

  confirm_phone_code: async (scope, input) => {
    const code = await smsCode(scope, 'confirm_phone_code', input.code, 'phone_verify');
    await scope.withSession((session) => scope.gateway.confirmPhoneCode(session, code));
    return { confirmed: true };
  },

  set_random_profile_info: async (scope) => {
    const profile = randomProfileInfo();
    await scope.withSession((session) => scope.gateway.editProfile(session, profile));
    return { profile };
  },

  upload_avatar: async (scope, input) => {
    let image: Uint8Array;
    let name: string | null = null;
    if (input.image_base64) image = Buffer.from(input.image_base64, 'base64');
    else {
      name = input.avatar && isAvatarName(input.avatar) ? input.avatar : randomAvatars(1)[0]!.name;
      image = avatarPng(name);
    }
    const uploaded = await scope.withSession((session) => scope.gateway.uploadAvatar(session, { image }));
    return { avatar: name, avatar_url: uploaded.avatarUrl };
  },

  make_profile_public: async (scope) => {
    const privacy = await scope.withSession((session) => scope.gateway.setPrivacy(session));
    return { privacy };
  },

  enable_2fa_step_1: async (scope) => {
    const { ctx, runtime } = scope;
    // Must not run twice per request: a second AddAuthenticator would replace the secrets Steam keeps.
    return ctx.once<{ saved: boolean; serial_number: string | null; phone_hint: string | null }>(
      `signup:2fa-step-1:${ctx.job.id}`,
      async () => {
        const account = await scope.reload();
        return account.shared_secret ? { saved: true, serial_number: null, phone_hint: null } : null;
      },
      async () => {
        const secrets = await scope.withSession((session) => scope.gateway.enableTwoFactorStep1(session));
        // Into the vault BEFORE anything else: losing them after this point locks the account out.
        await saveAuthenticatorSecrets(runtime.db, runtime.vault, scope.account.id, secrets);
        await ctx.log('authenticator secrets saved in the vault');
        return { saved: true, serial_number: secrets.serialNumber, phone_hint: secrets.phoneNumberHint };
      },
    );
  },

  enable_2fa_step_2: async (scope, input) => {
    await scope.reload();
    const sharedSecret = scope.sharedSecret();
    const code = await smsCode(scope, 'enable_2fa_step_2', input.activation_code, '2fa_activation');
    await scope.withSession((session) =>
      scope.gateway.finalizeTwoFactor(session, { sharedSecret, activationCode: code }),
    );
    return { enabled: true };
  },

  set_steam_info_to_site: async (scope) => {
    const { steamId, tradeUrl } = await scope.withSession(async (session) => ({
      steamId: session.steamId,
      tradeUrl: await scope.gateway.getTradeUrl(session),
    }));
    await saveSteamAccountSteamInfo(scope.runtime.db, scope.account.id, steamId, tradeUrl);
    return { steam_id: steamId, trade_url: tradeUrl };
  },
};

/** Runs one step with its checklist entry: running, then done or failed. */
export async function runStep(scope: SteamScope, step: SignupStep, input: StepInput): Promise<unknown> {
  const { db } = scope.runtime;
  const job = scope.ctx.job.id;
  await assertOrder(db, scope.account.id, step);
  await markStep(db, scope.account.id, step, { state: 'running', job_id: job });
  try {
    const result = await STEP_RUNS[step](scope, input);
    await markStep(db, scope.account.id, step, { state: 'done', job_id: job });
    await scope.ctx.log(`step ${step} done`);
    return result;
  } catch (error) {
    // Waiting for a person is not a failure: the step stays pending with what it waits for.
    await markStep(db, scope.account.id, step, {
      state: error instanceof NeedsInputError ? 'pending' : 'failed',
      job_id: job,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/**
 * setup-profile: every step not done yet, in order, from where the account stopped. A step that needs input
 * stops the chain without failing the job; the result says where and why, and the next call resumes there.
 */
export async function runChain(scope: SteamScope) {
  const ran: SignupStep[] = [];
  for (const step of SIGNUP_STEPS) {
    const steps = await readChecklistSteps(scope.runtime.db, scope.account.id);
    if (steps[step]?.state === 'done' || OPTIONAL_STEPS.has(step)) continue;
    try {
      await runStep(scope, step, {});
      ran.push(step);
      if (step === 'add_phone' && scope.inbox) await followLastEmail(scope);
    } catch (error) {
      if (error instanceof NeedsInputError) {
        await scope.ctx.log(`stopped at ${step}: ${error.message}`, 'warn');
        return { ran, stopped_at: step, reason: error.message };
      }
      throw error;
    }
  }
  return { ran, stopped_at: null, reason: null };
}
