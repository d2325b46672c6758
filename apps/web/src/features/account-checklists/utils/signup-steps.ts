import {
  SIGNUP_STEPS,
  type AccountChecklist,
  type BotRouteId,
  type ChecklistStep,
  type SignupStep,
} from '@toydesk/contract';

import type { CommonSteamAccount } from '@/lib/common-data';

/** What a step needs from the operator: the body field and its translation key under ops.checklist.input. */
export interface StepInput {
  name: string;
  labelKey: string;
  placeholder?: string;
  required: boolean;
}

export interface StepAction {
  route: BotRouteId;
  input?: StepInput;
}

/** The sign-up steps of spec section 4, in order, with the /api-node/singup/{id}/... route of each. */
export const STEP_ACTIONS: Record<SignupStep, StepAction> = {
  relogin: { route: 'bot-signup.relogin' },
  add_phone: {
    route: 'bot-signup.add_phone',
    input: { name: 'phone', labelKey: 'phone', placeholder: '+79990001122', required: true },
  },
  resend_code: { route: 'bot-signup.add_phone_resend_code' },
  confirm_phone_code: {
    route: 'bot-signup.add_phone_confirm',
    input: { name: 'code', labelKey: 'smsCode', required: true },
  },
  set_random_profile_info: { route: 'bot-signup.set_random_profile_info' },
  upload_avatar: { route: 'bot-signup.upload_avatar' },
  make_profile_public: { route: 'bot-signup.make_profile_public' },
  enable_2fa_step_1: { route: 'bot-signup.enable_2fa_step_1' },
  enable_2fa_step_2: {
    route: 'bot-signup.enable_2fa_step_2',
    input: { name: 'activation_code', labelKey: 'activationCode', required: true },
  },
  set_steam_info_to_site: { route: 'bot-signup.set_steam_info_to_site' },
};

export const CHAIN_ROUTE: BotRouteId = 'bot-signup.setup_profile';

/** One account with its checklist (all steps pending when it has none yet). */
export interface ChecklistRow {
  /** The Steam account id: the path id of the sign-up routes. */
  id: number;
  name: string;
  checklistId: number | null;
  steps: Partial<Record<SignupStep, ChecklistStep>>;
  done: number;
  total: number;
  next: SignupStep | null;
  /** A step's job still running, to follow it on the screen. */
  runningJob: string | null;
  failed: boolean;
  updatedAt: string | null;
}

const OPTIONAL = new Set<SignupStep>(['resend_code']);

/** Every account with its checklist: the rows of the screen, in the accounts' order. */
export function checklistRows(
  accounts: readonly CommonSteamAccount[],
  checklists: readonly AccountChecklist[],
): ChecklistRow[] {
  const byAccount = new Map(checklists.map((checklist) => [checklist.steam_account, checklist]));
  return accounts.map((account) => {
    const checklist = byAccount.get(account.id);
    const steps = (checklist?.steps ?? {}) as ChecklistRow['steps'];
    const required = SIGNUP_STEPS.filter((step) => !OPTIONAL.has(step));
    const done = required.filter((step) => steps[step]?.state === 'done').length;
    const running = SIGNUP_STEPS.map((step) => steps[step]).find((step) => step?.state === 'running');
    return {
      id: account.id,
      name: account.steam_account_name,
      checklistId: checklist?.id ?? null,
      steps,
      // Counted here rather than taken from done_count/next_step: the optional resend step does not count.
      done,
      total: required.length,
      next: required.find((step) => steps[step]?.state !== 'done') ?? null,
      runningJob: running?.job_id ?? null,
      failed: SIGNUP_STEPS.some((step) => steps[step]?.state === 'failed'),
      updatedAt: checklist?.updated_at ?? null,
    };
  });
}

/** The step may run now: its predecessor in spec order is done (resend_code only follows add_phone). */
export function stepReady(step: SignupStep, steps: ChecklistRow['steps']): boolean {
  const index = SIGNUP_STEPS.indexOf(step);
  if (index === 0) return true;
  const before: SignupStep =
    step === 'confirm_phone_code' ? 'add_phone' : (SIGNUP_STEPS[index - 1] as SignupStep);
  return steps[before]?.state === 'done';
}
