import type { AccountChecklist, ChecklistStep, SignupStep } from '@toydesk/contract';

import { writeAudit } from '../audit/audit-log.ts';
import type { Queryable } from '../database.ts';

/**
 * The account checklists repository (table account_checklist): per Steam account, the state of each sign-up
 * step (spec section 4) as the bots' steps record it. The order of the steps and what each does are the
 * bots' (apps/bots/src/services/signup/).
 */

export type ChecklistSteps = AccountChecklist['steps'];

/** The account's steps; empty when it has no checklist yet. */
export async function readChecklistSteps(db: Queryable, steamAccount: number): Promise<ChecklistSteps> {
  const [row] = await db.query<{ steps: ChecklistSteps }>(
    'SELECT steps FROM account_checklist WHERE steam_account = $1',
    [steamAccount],
  );
  return row?.steps ?? {};
}

/**
 * Sets one step of the account's checklist (now, the error cut to 2000 characters), creating the checklist
 * if needed, in one statement; with `auditAs`, the step's change (its state before and after, and the error)
 * is audited as that actor.
 */
export async function setChecklistStep(
  db: Queryable,
  steamAccount: number,
  step: SignupStep,
  value: { state: ChecklistStep['state']; error?: string | null; job_id?: string | null },
  auditAs: string | null,
): Promise<void> {
  const entry: ChecklistStep = {
    state: value.state,
    at: new Date().toISOString(),
    error: value.error ? value.error.slice(0, 2000) : null,
    job_id: value.job_id ?? null,
  };
  const [row] = await db.query<{ id: number; before: ChecklistStep | null }>(
    `WITH prev AS (SELECT steps->$2::text AS s FROM account_checklist WHERE steam_account = $1)
     INSERT INTO account_checklist (steam_account, steps) VALUES ($1, jsonb_build_object($2::text, $3::jsonb))
     ON CONFLICT (steam_account) DO UPDATE
       SET steps = account_checklist.steps || jsonb_build_object($2::text, $3::jsonb), updated_at = now()
     RETURNING id, (SELECT s FROM prev) AS before`,
    [steamAccount, step, JSON.stringify(entry)],
  );
  if (row && auditAs !== null) {
    await writeAudit(db, auditAs, 'update', 'account_checklist', [
      {
        id: row.id,
        before: { [step]: row.before?.state ?? null },
        after: { [step]: entry.state, ...(entry.error ? { error: entry.error } : {}) },
      },
    ]);
  }
}
