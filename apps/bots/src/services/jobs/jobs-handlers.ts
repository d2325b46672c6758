import type { BotJobState } from '@toydesk/contract';
import { notFound } from '@toydesk/api-kit';

import type { BotHandlers } from '../../http/handler.ts';

const list = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

export const JOB_HANDLERS: BotHandlers<'bot-jobs.list' | 'bot-jobs.retrieve' | 'bot-jobs.cancel'> = {
  'bot-jobs.list': async ({ runtime, query, page }) => {
    const found = await runtime.queue.store.list(
      {
        states: list<BotJobState>(query.state),
        kinds: list(query.kind),
        accounts: list(query.account),
        hideDoneKinds: list(query.hide_done_kind),
      },
      page.number,
      page.size,
    );
    return page.answer(found.count, found.results);
  },
  'bot-jobs.retrieve': async ({ runtime, params }) => {
    const found = await runtime.queue.store.get(params.id ?? '', { withLogs: true });
    if (!found) throw notFound();
    return found.job;
  },
  'bot-jobs.cancel': async ({ runtime, params }) => {
    const job = await runtime.queue.cancel(params.id ?? '');
    if (!job) throw notFound();
    return job;
  },
};
