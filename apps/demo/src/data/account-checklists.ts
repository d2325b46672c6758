import { SIGNUP_STEPS, type ChecklistStepState, type SignupStep } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import { MINUTE, type DemoContext } from './demo-context.ts';
import type { DemoSteamAccount } from './steam-accounts.ts';

/**
 * One setup checklist per Steam account: most accounts went through every step, the new and limited
 * ones stopped part-way, and one failed at adding its phone number.
 */

interface StepRecord {
  state: ChecklistStepState;
  at: string | null;
  error: string | null;
}

const FAILED_ERROR =
  'Steam отклонил номер: номер уже привязан к другому аккаунту (This phone number is already in use, code 2)';

/** How far an account got: the number of done steps and what the next step is doing. */
function progressOf(
  account: DemoSteamAccount,
  lastNewNumber: number,
): { done: number; next: ChecklistStepState } {
  if (account.number === lastNewNumber) return { done: 4, next: 'running' };
  if (account.status === 'new') return { done: 1, next: 'failed' };
  if (account.status === 'limited') return { done: 7, next: 'pending' };
  return { done: SIGNUP_STEPS.length, next: 'pending' };
}

export async function seedAccountChecklists(ctx: DemoContext, accounts: DemoSteamAccount[]): Promise<number> {
  const rng = ctx.rng('checklists');
  const lastNewNumber = Math.max(0, ...accounts.filter((a) => a.status === 'new').map((a) => a.number));
  const rows = accounts.map((account) => {
    const { done, next } = progressOf(account, lastNewNumber);
    const steps: Partial<Record<SignupStep, StepRecord>> = {};
    let at = account.createdAt + rng.int(5, 60) * MINUTE;
    SIGNUP_STEPS.forEach((step, index) => {
      at += rng.int(1, 25) * MINUTE;
      const stamp = new Date(Math.min(at, ctx.now)).toISOString();
      if (index < done) steps[step] = { state: 'done', at: stamp, error: null };
      else if (index === done && next === 'failed')
        steps[step] = { state: 'failed', at: stamp, error: FAILED_ERROR };
      else if (index === done && next === 'running')
        steps[step] = { state: 'running', at: stamp, error: null };
      else steps[step] = { state: 'pending', at: null, error: null };
    });
    return {
      steam_account: account.id,
      steps,
      created_at: new Date(account.createdAt).toISOString(),
      updated_at: new Date(Math.min(at, ctx.now)).toISOString(),
    };
  });
  await bulkInsert(
    ctx.tx,
    'account_checklist',
    { steam_account: 'integer', steps: 'jsonb', created_at: 'timestamptz', updated_at: 'timestamptz' },
    rows,
  );
  return rows.length;
}
