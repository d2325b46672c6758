import type { BotText, MarketCode, TradingLoopName } from '@toydesk/contract';

import type { BotConfig } from '../../config.ts';
import type { JobContext } from '../../jobs/job-context.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import type { BotMarketAccount } from '../market-accounts.ts';

/**
 * The trading loops of issue 4 section 7. Each loop is one `TradingLoopDef`; the loop runner
 * (`loop-runner.ts`) runs its `tick` as a job per market account whose switch is on, every
 * `intervalSeconds`, and calls `stop` once when the switch goes off. A tick must be safe to run again after
 * a killed worker: anything that must not happen twice goes through `ctx.job.once(...)`.
 */

/** The loop names are the contract's (the console and the trading routes name loops the same way). */
export type { TradingLoopName };

/** The market_account column that switches each loop on. */
export type TradingSwitch = 'keep_online' | 'auto_deliver' | 'auto_sell' | 'dynamic_orders';

export interface TradingAccount extends BotMarketAccount {
  steamAccount: number;
  /** "market name + Steam account name", as the console shows it. */
  label: string;
  /** The account's dry_run switch: record what would be done, change nothing outside. */
  dryRun: boolean;
}

/** One thing a tick did, or in dry-run mode would have done; kept in the loop's run record and job log. */
export interface TradingAction {
  /** "ping", "offer-sent", "listed", "repriced", "order-placed", ... */
  kind: string;
  detail: Record<string, unknown>;
}

export type AlertSeverity = 'error' | 'warning' | 'info';
/** market-ban, rate-limited, steam-session, proxy-down, delivery-failed, listing-failed, order-failed. */
export type AlertKind =
  | 'market-ban'
  | 'rate-limited'
  | 'steam-session'
  | 'proxy-down'
  | 'delivery-failed'
  | 'listing-failed'
  | 'order-failed'
  /** The marketplace rejected the account's key (market-keys/key-pause.ts). */
  | 'market-key-rejected'
  /** A spend guard refused a buy, buy order or reprice; a spending call's outcome unknown / settled (spend-guards/). */
  | 'spend-guard'
  | 'spend-unknown'
  | 'spend-settled';

export interface AlertInput {
  kind: AlertKind;
  severity: AlertSeverity;
  message: string;
  marketAccount?: number | null;
  steamAccount?: number | null;
  proxy?: number | null;
  details?: Record<string, unknown>;
}

export interface TradingContext {
  job: JobContext<BotRuntime>;
  runtime: BotRuntime;
  account: TradingAccount;
  /** Records an action (also in dry-run mode, where `act` is not called). Returns act's result or null. */
  act<T>(action: TradingAction, act: () => Promise<T>): Promise<T | null>;
  /** Raises (or re-raises: same kind and account counts up) an alert that the console shows. */
  alert(
    alert: Omit<AlertInput, 'marketAccount' | 'steamAccount'> & { steamAccount?: number | null },
  ): Promise<void>;
}

export interface LoopTickResult {
  /** One line for the console's loop status ("3 sold items delivered", "2 listed, 14 repriced"). */
  summary: string;
  /** The summary as code and parameters, for the console to say in its language (kept in the job's result). */
  text?: BotText;
  /** False stops the loop for this account (a ban): the runner turns its switch off and calls `stop`. */
  continue?: boolean;
}

export interface TradingLoopDef {
  name: TradingLoopName;
  switchField: TradingSwitch;
  /** The markets the loop can work on; accounts of other markets are skipped with a note. */
  markets: readonly MarketCode[];
  intervalSeconds(config: BotConfig): number;
  tick(ctx: TradingContext): Promise<LoopTickResult>;
  /** Called once when the switch goes off (keep-online: go-offline). */
  stop?(ctx: TradingContext): Promise<void>;
}

export function defineTradingLoop(def: TradingLoopDef): TradingLoopDef {
  return def;
}
