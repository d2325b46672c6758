import { tradingLoopNameSchema, type BotJob, type BotText } from '@toydesk/contract';
import {
  beginStop,
  endStop,
  listLiveTradingJobKeys,
  listMarketAccountLoopStates,
  listQueuedBotJobIds,
  markScheduled,
  noteLoopError,
  noteLoopSummary,
  pauseLoop,
  readLoopRows,
  startQueuedBotJobNow,
  switchMarketAccountLoopOff,
  readKeyPauses,
} from '@toydesk/db';
import { z } from 'zod';

import type { JobContext } from '../../jobs/job-context.ts';
import { defineJobKind, PermanentJobError } from '../../jobs/job-kind.ts';
import { LANES, TRADING_LANES } from '../../lanes.ts';
import type { BotJobKind, BotRuntime } from '../../bot-runtime.ts';
import { BOT_ACTOR } from '../proxies/proxy-handlers.ts';
import { pauseForRejectedKey, queueDueKeyChecks } from '../market-keys/key-pause.ts';
import { rejectedKeyReason } from '../market-keys/rejected-key.ts';
import { countRateLimit } from './rate-limit-alert.ts';
import { loadTradingAccount, type LoadedTradingAccount } from './trading-account.ts';
import { createTradingContext } from './trading-context.ts';
import { LeaseLostError, leaseCheckMsFor, watchTickLease } from './tick-lease.ts';
import { tickBooks } from './tick-books.ts';
import { skipText, withDryRunCounts } from './tick-text.ts';
import type { LoopTickResult, TradingLoopDef, TradingLoopName } from './trading-loop.ts';
import { TRADING_LOOPS } from './trading-loops.ts';
import { queueSpendChecks } from './spend-guards/spend-check-job.ts';
import { TickActivity } from './tick-activity.ts';
import { idleRoundsAfter, nextTickSeconds } from './tick-backoff.ts';

const tickParams = z.object({
  account: z.number().int().positive(),
  loop: tradingLoopNameSchema,
  /** bot-trading.run: one tick now, also with the switch off (it then starts no chain). */
  manual: z.boolean().optional(),
  /** Ticks in a row before this one that had nothing to do (tick-backoff.ts); absent: 0. */
  idle: z.number().int().min(0).optional(),
  /** The digest of the previous tick's dry-run actions and alerts (tick-activity.ts); absent: none. */
  seen: z.string().max(64).optional(),
});
type TickParams = z.infer<typeof tickParams>;
const stopParams = z.object({ account: z.number().int().positive(), loop: tradingLoopNameSchema });
type StopParams = z.infer<typeof stopParams>;
const noParams = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A loop runs while its switch is on and the account is active (paused, banned, disabled: stopped). */
const isOn = (loaded: LoadedTradingAccount, def: TradingLoopDef) =>
  loaded.switches[def.switchField] && loaded.status === 'active';

export interface DispatchResult {
  /** Chains started: a switch on and no tick queued or running. */
  started: number;
  /** Loops whose switch went off: their stop was queued. */
  stopped: number;
}

/**
 * Runs every TradingLoopDef as a chain of jobs per market account whose switch is on:
 *
 * - a tick job runs the loop's `tick`, then queues the next tick `intervalSeconds` later;
 * - the lane is a pg-boss "short" queue and every tick of one (account, loop) has the same singleton key,
 *   so at most one tick is queued per (account, loop) whatever the number of processes; a lease in
 *   bot_trading_loop keeps a second tick (a manual run) from running while one runs;
 * - the dispatcher (cron, every minute, and at every worker start) starts a chain for every switched-on
 *   loop without a queued or running tick (new switches, killed workers whose tick expired) and stops
 *   loops whose switch went off: exactly one caller wins the move to "stopped" (beginStop) and queues the
 *   stop job, which calls the loop's `stop` (keep-online: go-offline).
 *
 * The kind prefix and lanes are parameters so that tests can run loops of their own beside the real ones.
 */
export class TradingRunner {
  /** How often a running tick checks its lease (tick-lease.ts); null: from the tick's time limit. */
  leaseCheckMs: number | null = null;

  constructor(
    readonly loops: readonly TradingLoopDef[],
    readonly prefix = 'trading',
    /** The lane of each loop's ticks. */
    readonly laneOf: (loop: TradingLoopName) => string = (loop) => TRADING_LANES[loop],
    /** The lane of the stop jobs. */
    readonly lane: string = LANES.trading,
    readonly dispatchLane: string = LANES.tradingDispatch,
  ) {}

  /** "trading.keep-online", "trading.deliver", ...: one kind per loop, on the loop's lane. */
  tickKind(loop: TradingLoopName) {
    return `${this.prefix}.${loop}`;
  }
  get stopKind() {
    return `${this.prefix}.stop`;
  }
  get dispatchKind() {
    return `${this.prefix}.dispatch`;
  }

  loop(name: string): TradingLoopDef | undefined {
    return this.loops.find((loop) => loop.name === name);
  }

  tickKey(account: number, loop: TradingLoopName) {
    return `${this.prefix}:${account}:${loop}`;
  }
  stopKey(account: number, loop: TradingLoopName) {
    return `${this.prefix}-stop:${account}:${loop}`;
  }

  /** Queues a tick; null when one is already queued for the (account, loop). */
  async enqueueTick(runtime: BotRuntime, params: TickParams, delaySeconds = 0): Promise<BotJob | null> {
    return runtime.queue.enqueue(this.tickKind(params.loop), params, {
      singletonKey: this.tickKey(params.account, params.loop),
      startAfterSeconds: delaySeconds > 0 ? delaySeconds : undefined,
      expireInSeconds: runtime.config.trading.tickTimeoutSeconds,
    });
  }

  private async enqueueStop(runtime: BotRuntime, params: StopParams): Promise<void> {
    await runtime.queue.enqueue(this.stopKind, params, {
      singletonKey: this.stopKey(params.account, params.loop),
    });
  }

  /**
   * bot-trading.run: one tick now. When the chain already has a tick queued (later), that tick is moved
   * to now instead of queueing a second one.
   */
  async runNow(runtime: BotRuntime, account: number, loop: TradingLoopName): Promise<BotJob> {
    for (let i = 0; i < 3; i += 1) {
      const job = await this.enqueueTick(runtime, { account, loop, manual: true });
      if (job) return job;
      const queued = await startQueuedBotJobNow(runtime.db, this.laneOf(loop), this.tickKey(account, loop));
      if (queued) {
        const found = await runtime.queue.store.get(queued);
        if (found) return found.job;
      }
      // The queued tick started in between: try to queue again.
    }
    throw new Error(`Could not queue a ${loop} tick for market account ${account}`);
  }

  /** Starts missing chains and stops switched-off loops (see the class comment). */
  async dispatch(runtime: BotRuntime): Promise<DispatchResult> {
    const { db } = runtime;
    const accounts = await listMarketAccountLoopStates(db);
    const rows = await readLoopRows(db);
    const alive = new Set(
      // The stop lane too: a stop still queued, retrying or running is not queued again.
      await listLiveTradingJobKeys(db, [...this.loops.map((loop) => this.laneOf(loop.name)), this.lane]),
    );
    const rowOf = new Map(rows.map((r) => [`${r.market_account}:${r.loop}`, r]));
    // Accounts whose key the marketplace rejected: no chain until a key check gets through.
    const paused = await readKeyPauses(db);
    const result: DispatchResult = { started: 0, stopped: 0 };
    for (const account of accounts) {
      for (const loop of this.loops) {
        const row = rowOf.get(`${account.id}:${loop.name}`);
        if (account[loop.switchField] && account.status === 'active') {
          if (paused.has(account.id)) continue;
          if (alive.has(this.tickKey(account.id, loop.name))) continue;
          await markScheduled(db, account.id, loop.name);
          if (await this.enqueueTick(runtime, { account: account.id, loop: loop.name })) result.started += 1;
          continue;
        }
        if (row && ['scheduled', 'running', 'failed'].includes(row.state)) {
          if (await beginStop(db, account.id, loop.name)) {
            await this.cancelQueuedTick(runtime, account.id, loop.name);
            await this.enqueueStop(runtime, { account: account.id, loop: loop.name });
            result.stopped += 1;
          }
        } else if (row?.stop_pending && !alive.has(this.stopKey(account.id, loop.name))) {
          // A stop whose job was lost (queued, then the process died): queue it again.
          await this.enqueueStop(runtime, { account: account.id, loop: loop.name });
        }
      }
    }
    if (paused.size > 0) await queueDueKeyChecks(runtime);
    // Spending calls whose answer was lost are looked up again by custom_id (spend-guards/spend-check-job.ts).
    await queueSpendChecks(runtime);
    return result;
  }

  private async cancelQueuedTick(runtime: BotRuntime, account: number, loop: TradingLoopName) {
    const queued = await listQueuedBotJobIds(runtime.db, this.laneOf(loop), this.tickKey(account, loop));
    for (const id of queued) await runtime.queue.cancel(id);
  }

  private async tick(ctx: JobContext<BotRuntime>, params: TickParams): Promise<Record<string, unknown>> {
    const runtime = ctx.deps;
    const { db } = runtime;
    // The lease, the tick's ending and the rate-limit reset: bookkeeping a crash of PostgreSQL may lose
    // without harm (relaxed-commit.ts says why); what the loop does (actions, once markers) stays durable.
    const books = runtime.queue.relaxedDb;
    // The account read, the claim and the ending go in one statement with other ticks' (tick-books.ts).
    const batched = tickBooks(runtime);
    const def = this.loop(params.loop);
    if (!def) throw new PermanentJobError(`Unknown trading loop ${params.loop}`);
    const loaded = await batched.accounts.add(params.account);
    if (!loaded) return { skipped: 'the market account no longer exists', text: skipText('gone') };
    const on = isOn(loaded, def);
    if (!on && !params.manual) {
      // The switch went off since this tick was queued: stop instead of ticking.
      if (await beginStop(db, params.account, def.name)) await this.enqueueStop(runtime, params);
      return { skipped: `${def.switchField} is off or the account is not active`, text: skipText('off') };
    }
    // Read with the account (no query of its own on every tick).
    const pause = loaded.keyPause;
    if (pause !== null && def.markets.includes(loaded.account.market)) {
      // The key was rejected: no call until a key check gets through (market-keys/key-check-job.ts).
      await pauseLoop(db, params.account, def.name, pause);
      return {
        skipped: `paused: the marketplace rejected the key (${pause})`,
        text: skipText('paused', { reason: pause }),
      };
    }
    // A manual tick with the switch off leaves the loop's state alone: shown as "running", the dispatcher
    // would take it for a loop whose switch just went off and call its stop.
    const claimed = await batched.claims.add({
      account: params.account,
      loop: def.name,
      jobId: ctx.job.id,
      leaseSeconds: ctx.job.expireInSeconds,
      markRunning: on,
    });
    if (!claimed) {
      await ctx.log('another tick of this loop is running: nothing to do');
      return { skipped: 'another tick is running', text: skipText('busy') };
    }

    let result: LoopTickResult | null = null;
    let failure: unknown = null;
    const dryRunCounts: Record<string, number> = {};
    const activity = new TickActivity();
    if (!def.markets.includes(loaded.account.market)) {
      result = {
        summary: `skipped: ${def.name} works on ${def.markets.join(', ')}, not ${loaded.account.market}`,
        text: skipText('market', { market: loaded.account.market }),
      };
    } else if (!loaded.hasApiKey) {
      result = { summary: 'skipped: the account has no API key', text: skipText('no-key') };
    } else {
      // The tick's own signal: the queue's time limit, and the lease (another tick took it: stop at once).
      const lease = watchTickLease(
        db,
        { account: params.account, loop: def.name, jobId: ctx.job.id },
        ctx.signal,
        this.leaseCheckMs ?? leaseCheckMsFor(ctx.job.expireInSeconds),
      );
      try {
        result = withDryRunCounts(
          await def.tick(
            createTradingContext(
              ctx.withSignal(lease.signal),
              loaded.account,
              def.name,
              dryRunCounts,
              activity,
            ),
          ),
          dryRunCounts,
        );
      } catch (error) {
        failure = error;
      } finally {
        lease.stop();
      }
      if (lease.signal.reason instanceof LeaseLostError) {
        // Whatever the loop was doing, it stopped there and wrote nothing more; its chain goes on with the
        // tick that holds the loop now (or the dispatcher's, for a lease that ran out). The lease row is
        // only released if it is still this tick's.
        const lost = lease.signal.reason;
        await ctx.log(`stopped: ${lost.message}`, 'warn');
        await batched.endings.add({
          account: params.account,
          loop: def.name,
          jobId: ctx.job.id,
          summary: null,
          error: lost.message,
          state: on ? 'failed' : null,
        });
        throw lost;
      }
    }
    // The rate-limit count and the loop's row are separate rows: written side by side, not one after the other.
    // The count read with the account: 0 (the usual case) has nothing to reset, so no statement.
    const counted = countRateLimit(runtime, loaded.account, def.name, failure, books, loaded.rateLimitInARow);
    // A rejected key fails every call of every loop of the account: pause them all at the first one.
    const rejected = failure === null ? null : rejectedKeyReason(failure);
    if (rejected) await pauseForRejectedKey(runtime, params.account, rejected, def.name);

    const ended = result?.continue === false;
    if (ended) {
      await switchMarketAccountLoopOff(db, BOT_ACTOR, params.account, def.switchField, result!.summary);
      await ctx.log(`the loop ended itself: ${def.switchField} switched off`, 'warn');
      // The same move to "stopped" as the dispatcher's: whoever wins it queues the one stop.
      if (await beginStop(db, params.account, def.name)) {
        await this.cancelQueuedTick(runtime, params.account, def.name);
        await this.enqueueStop(runtime, params);
      }
    }
    const chained = on && !ended;
    // A tick that did nothing (no action, alert or failure), or only the previous tick's dry-run actions and
    // alerts again (its inputs did not change), makes the next one come later (tick-backoff.ts).
    const idle = idleRoundsAfter(params.idle ?? 0, failure === null && activity.nothingNew(params.seen));
    const seen = failure === null && activity.count > 0 ? activity.digest() : null;
    const seconds = nextTickSeconds(
      def.intervalSeconds(runtime.config),
      idle,
      runtime.config.trading.idleMaxSeconds,
    );
    // One statement ends the tick and records when the next is due (unless a stop or pause came meanwhile).
    const [{ nextRunSet }] = await Promise.all([
      batched.endings.add({
        account: params.account,
        loop: def.name,
        jobId: ctx.job.id,
        summary: result?.summary ?? null,
        error: failure === null ? null : messageOf(failure),
        state: !on
          ? null
          : ended
            ? 'stopped'
            : rejected
              ? 'paused'
              : failure === null
                ? 'scheduled'
                : 'failed',
        ...(chained ? { nextRunSeconds: seconds } : {}),
      }),
      counted,
    ]);
    if (chained && nextRunSet) {
      // Relaxed and coalesced: lost in a crash of PostgreSQL, the chain is revived by the dispatcher.
      await runtime.queue.enqueueChained(
        this.tickKind(params.loop),
        {
          account: params.account,
          loop: def.name,
          ...(idle > 0 ? { idle } : {}),
          ...(seen !== null ? { seen } : {}),
        },
        {
          singletonKey: this.tickKey(params.account, params.loop),
          startAfterSeconds: seconds,
          expireInSeconds: runtime.config.trading.tickTimeoutSeconds,
        },
      );
    }
    if (failure !== null) throw failure;
    return {
      summary: result?.summary ?? null,
      ...(result?.text ? { text: result.text } : {}),
      ...(ended ? { ended: true } : {}),
    };
  }

  private async stop(ctx: JobContext<BotRuntime>, params: StopParams): Promise<Record<string, unknown>> {
    const runtime = ctx.deps;
    const def = this.loop(params.loop);
    const loaded = await loadTradingAccount(runtime, params.account);
    if (!def || !loaded) {
      await endStop(runtime.db, params.account, params.loop);
      return { skipped: 'nothing to stop', text: skipText('nothing-to-stop') };
    }
    const rows = await readLoopRows(runtime.db, params.account);
    const row = rows.find((r) => r.loop === params.loop);
    if (!row?.stop_pending) return { skipped: 'already stopped', text: skipText('already-stopped') };
    if (isOn(loaded, def)) {
      await endStop(runtime.db, params.account, params.loop);
      return { skipped: `${def.switchField} is on again`, text: skipText('on-again') };
    }
    if (def.stop && def.markets.includes(loaded.account.market) && loaded.hasApiKey) {
      try {
        await def.stop(createTradingContext(ctx, loaded.account, def.name));
      } catch (error) {
        // The last attempt gives up: the dispatcher would otherwise queue this stop again every minute.
        if (ctx.job.attempt >= ctx.job.maxAttempts) {
          await endStop(runtime.db, params.account, params.loop);
          await noteLoopError(runtime.db, params.account, params.loop, `stop failed: ${messageOf(error)}`);
        }
        throw error;
      }
    }
    await endStop(runtime.db, params.account, params.loop);
    await noteLoopSummary(
      runtime.db,
      params.account,
      params.loop,
      `stopped (${def.switchField} off or the account not active)`,
    );
    return { stopped: true, text: { code: 'trading.stopped', params: {} } satisfies BotText };
  }

  /** The job kinds: each loop's ticks on its lane, the stops on theirs, the dispatcher on its cron lane. */
  kinds(): BotJobKind[] {
    return [
      ...this.loops.map((loop) =>
        defineJobKind<TickParams, BotRuntime>({
          kind: this.tickKind(loop.name),
          lane: this.laneOf(loop.name),
          params: tickParams.refine((p) => p.loop === loop.name, `a ${loop.name} tick`),
          account: (p) => p.account,
          // The configured TOYDESK_TRADING_TICK_TIMEOUT_SECONDS is set on each job when it is queued.
          expireInSeconds: 120,
          // A failed tick is not retried: the next tick of the chain comes anyway.
          retryLimit: 0,
          run: (ctx, params) => this.tick(ctx, params),
        }),
      ),
      defineJobKind<StopParams, BotRuntime>({
        kind: this.stopKind,
        lane: this.lane,
        params: stopParams,
        account: (p) => p.account,
        expireInSeconds: 120,
        retryLimit: 3,
        retryDelaySeconds: 10,
        run: (ctx, params) => this.stop(ctx, params),
      }),
      defineJobKind<Record<string, never>, BotRuntime>({
        kind: this.dispatchKind,
        lane: this.dispatchLane,
        params: noParams,
        expireInSeconds: 120,
        retryLimit: 1,
        run: async (ctx) => {
          const result = await this.dispatch(ctx.deps);
          await ctx.log(`${result.started} chain(s) started, ${result.stopped} loop(s) stopped`);
          return result;
        },
      }),
    ];
  }
}

/** The runner of the real loops (trading-loops.ts). */
export const TRADING_RUNNER = new TradingRunner(TRADING_LOOPS);
export const TRADING_JOB_KINDS = TRADING_RUNNER.kinds();
