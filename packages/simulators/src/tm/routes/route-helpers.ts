import { isTmCurrency } from '../../util/money-units.ts';
import { fail, param, type RequestContext } from '../http/context.ts';
import type { Account } from '../state/types.ts';
import { TM_ERRORS } from '../tm-errors.ts';

/**
 * The optional `cur` parameter: a bad value is bad_input; a currency other than the account's is refused
 * (it guards bots against a currency switch). Returns the refusal, or null when the call may go on.
 */
export function refuseCurrency(ctx: RequestContext, account: Account): Record<string, unknown> | null {
  const cur = param(ctx, 'cur');
  if (cur === null) return null;
  if (!isTmCurrency(cur)) return fail(TM_ERRORS.badInput);
  if (cur !== account.currency) {
    return fail(TM_ERRORS.wrongCurrency, { message: `account currency is ${account.currency}, not ${cur}` });
  }
  return null;
}

export const unixSeconds = (ms: number) => Math.floor(ms / 1000);

/** Whole seconds from now until `until` (never negative). */
export function secondsLeft(now: number, until: number): number {
  return Math.max(0, Math.floor((until - now) / 1000));
}

/** Repeated query keys in both spellings: `name[]=a&name[]=b` and `name=a&name=b`. */
export function repeated(ctx: RequestContext, name: string): string[] {
  return [...ctx.query.getAll(`${name}[]`), ...ctx.query.getAll(name)].filter((value) => value !== '');
}
