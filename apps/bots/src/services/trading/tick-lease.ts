import { loadTickLease, type Queryable } from '@toydesk/db';
import type { TradingLoopName } from './trading-loop.ts';

/** Why a tick stopped: its lease in bot_trading_loop was taken by another tick or ran out. */
export class LeaseLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeaseLostError';
  }
}

export interface TickLease {
  /** Aborted when the lease is lost or the attempt's time is up; the tick passes it to every long call. */
  readonly signal: AbortSignal;
  /** Stops watching (the tick ended). */
  stop(): void;
}

/** How often a running tick checks that it still holds its lease: often enough to stop well within it. */
export const leaseCheckMsFor = (leaseSeconds: number) => Math.min(5_000, Math.max(100, leaseSeconds * 250));

/**
 * The signal one trading tick runs with. The queue aborts its attempt's signal a little before the job's
 * time is up (`parent`); that alone misses a tick whose lease another process took meanwhile (the
 * dispatcher revives a chain whose lease ran out by the database's clock, a manual tick claims it, an event
 * loop stalled past it). So the lease row is read every `checkMs`: when `running_job` is no longer this job
 * or `lease_until` passed, the signal is aborted with a LeaseLostError, and the tick's marketplace and
 * Steam calls, its `once` steps and its database writes (trading-context.ts) stop.
 */
export function watchTickLease(
  db: Queryable,
  tick: { account: number; loop: TradingLoopName; jobId: string },
  parent: AbortSignal,
  checkMs: number,
): TickLease {
  const controller = new AbortController();
  const onParent = () => controller.abort(parent.reason);
  if (parent.aborted) onParent();
  else parent.addEventListener('abort', onParent, { once: true });

  let checking = false;
  const check = async () => {
    if (checking || controller.signal.aborted) return;
    checking = true;
    try {
      const row = await loadTickLease(db, tick.account, tick.loop, tick.jobId);
      if (!row?.holds) {
        controller.abort(
          new LeaseLostError(`the ${tick.loop} tick lost its lease: another tick holds the loop`),
        );
      } else if (row.expired) {
        controller.abort(new LeaseLostError(`the ${tick.loop} tick's lease ran out`));
      }
    } catch {
      // The database unreachable for a moment: the queue's own time limit still stops the tick.
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  return {
    signal: controller.signal,
    stop() {
      clearInterval(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}
