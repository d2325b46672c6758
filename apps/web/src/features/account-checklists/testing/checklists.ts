import type { AccountChecklist } from '@toydesk/contract';

import { commonData } from '@/test/fixtures';

/** The common data of the checklist tests: two Steam accounts without market accounts. */
export const checklistCommon = commonData({
  steamAccounts: [
    { id: 1, steam_account_name: 'trade_bot_01', market_accounts: [] },
    { id: 2, steam_account_name: 'trade_bot_02', market_accounts: [] },
  ],
});

/** One account's checklist as the API answers it, with the given steps. */
export const checklistOf = (
  account: number,
  steps: AccountChecklist['steps'],
  id = account + 10,
): AccountChecklist => ({
  id,
  steam_account: account,
  steps,
  done_count: 0,
  total_count: 10,
  next_step: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
