import { InputError } from '../util/input-error.ts';

/** What the control APIs of the tm family and of the kit markets share: their body and the common calls. */

/** A control call's JSON body as an object ({} when empty); anything else is a 400 (InputError). */
export function parseControlBody(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError('the body must be JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError('the body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** The clock, fault and stats calls both control indexes list (`GET /` of a market's control API). */
export const CLOCK_FAULT_STATS_CALLS = [
  'GET clock',
  'POST clock/advance {ms}',
  'GET faults',
  'POST faults {match?:{path?,key?,method?}, kind, status?, share?, count?, delayMs?, error?, phase?}',
  'DELETE faults',
  'DELETE faults/{id}',
  'GET stats',
];
