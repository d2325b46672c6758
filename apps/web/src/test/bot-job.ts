import type { BotJob } from '@toydesk/contract';

/** A bot job as /api-node/jobs/{id}/ answers it. */
export const botJob = (id: string, overrides: Partial<BotJob> = {}): BotJob => ({
  id,
  kind: 'signup.relogin',
  state: 'queued',
  account: 1,
  params: {},
  attempts: 0,
  max_attempts: 3,
  result: null,
  error: null,
  created_at: '2026-01-01T10:00:00Z',
  started_at: null,
  finished_at: null,
  ...overrides,
});
