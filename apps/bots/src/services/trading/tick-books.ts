import { claimTicks, finishTicks, loadMarketAccounts, type TickClaim, type TickEnding } from '@toydesk/db';

import type { BotRuntime } from '../../bot-runtime.ts';
import { Batched } from '../../jobs/batched.ts';
import { toTradingAccount, type LoadedTradingAccount } from './trading-account.ts';

/** A market account as a tick reads it: with its 429 count in a row, so a reset is sent only when due. */
export type TickAccount = LoadedTradingAccount & { rateLimitInARow: number };

/**
 * A runtime's per-tick statements, each coalesced over the ticks starting or ending together, across the
 * loops' lanes (batched.ts): one account read, one claim of the leases and one ending for N ticks instead
 * of N of each. The claim and the ending are relaxed bookkeeping (relaxed-commit.ts); the read is a read.
 */
export class TickBooks {
  readonly accounts: Batched<number, TickAccount | null>;
  readonly claims: Batched<TickClaim, boolean>;
  readonly endings: Batched<TickEnding, { nextRunSet: boolean }>;

  constructor(runtime: BotRuntime) {
    this.accounts = new Batched(async (ids) => {
      const found = await loadMarketAccounts(runtime.db, runtime.vault, ids, { useProxy: !runtime.demo });
      return ids.map((id) => {
        const loaded = found.get(id);
        return loaded ? { ...toTradingAccount(loaded), rateLimitInARow: loaded.rateLimitInARow } : null;
      });
    });
    this.claims = new Batched((claims) => claimTicks(runtime.queue.relaxedDb, claims));
    this.endings = new Batched((endings) => finishTicks(runtime.queue.relaxedDb, endings));
  }
}

const booksOf = new WeakMap<BotRuntime, TickBooks>();

/** The runtime's TickBooks (one per runtime: tests run several in one process). */
export function tickBooks(runtime: BotRuntime): TickBooks {
  let books = booksOf.get(runtime);
  if (!books) {
    books = new TickBooks(runtime);
    booksOf.set(runtime, books);
  }
  return books;
}
