import { parseControlBody } from '../../control/control-api.ts';
import type { RequestContext } from '../http/context.ts';
import { InputError } from '../../util/input-error.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account } from '../state/types.ts';
import type { FaultStore } from '../../faults/fault-store.ts';
import type { FaultSpec } from '../faults/tm-faults.ts';
import type { SimStats } from '../stats/sim-stats.ts';

/**
 * What the control API acts on: the simulator (TmSimulator) seen through the parts its handlers use, so the
 * control files need not import the simulator that mounts them.
 */
export interface ControlledTmSimulator {
  readonly name: string;
  readonly market: TmMarket;
  readonly faults: FaultStore<FaultSpec>;
  readonly stats: SimStats;
  tick(): void;
  reset(): void;
}

/** A control-API handler: gets the request and the simulator. */
export type ControlRoute = (ctx: RequestContext, sim: ControlledTmSimulator) => unknown;

/** The JSON body as an object ({} when empty); anything else is a 400. */
export function controlBody(ctx: RequestContext): Record<string, unknown> {
  return parseControlBody(ctx.body);
}

export function accountOf(market: TmMarket, ctx: RequestContext): Account {
  const account = market.account(ctx.params.key);
  if (!account) throw new InputError(`no account with key ${ctx.params.key}`);
  return account;
}

export function optionalNumber(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InputError(`${name} must be a number`);
  return value;
}

export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw new InputError(`${name} must be a string`);
  return value;
}

export function optionalBoolean(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new InputError(`${name} must be true or false`);
  return value;
}
