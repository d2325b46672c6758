import type { AccountChecklist } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { checklistRows, stepReady } from './signup-steps';

const checklist = (steamAccount: number, steps: AccountChecklist['steps']): AccountChecklist => ({
  id: steamAccount * 10,
  steam_account: steamAccount,
  steps,
  done_count: 0,
  total_count: 10,
  next_step: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
});

const accounts = [
  { id: 1, steam_account_name: 'a', market_accounts: [] },
  { id: 2, steam_account_name: 'b', market_accounts: [] },
];

describe('sign-up checklist rows', () => {
  it('gives every account a row, with the next required step and a running job to follow', () => {
    const rows = checklistRows(accounts, [
      checklist(1, {
        relogin: { state: 'done' },
        add_phone: { state: 'done' },
        confirm_phone_code: { state: 'running', job_id: 'job-7' },
      }),
    ]);
    expect(rows[0]).toMatchObject({
      id: 1,
      done: 2,
      total: 9,
      next: 'confirm_phone_code',
      runningJob: 'job-7',
    });
    expect(rows[1]).toMatchObject({ id: 2, checklistId: null, done: 0, next: 'relogin', runningJob: null });
  });

  it('a step is ready once its predecessor in spec order is done; the code follows add_phone', () => {
    const steps = { relogin: { state: 'done' as const }, add_phone: { state: 'done' as const } };
    expect(stepReady('relogin', {})).toBe(true);
    expect(stepReady('add_phone', {})).toBe(false);
    expect(stepReady('confirm_phone_code', steps)).toBe(true);
    expect(stepReady('resend_code', steps)).toBe(true);
    expect(stepReady('set_random_profile_info', steps)).toBe(false);
  });
});
