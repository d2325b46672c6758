import type { KeyboardEvent } from 'react';

/** Spec section 9: typed letters of a select add up until 1000 ms pass without a key. */
export const TYPE_AHEAD_RESET_MS = 1000;

export interface TypeAheadState {
  query: string;
  lastTime: number;
}

/** The query after one more key at time now: the key alone once the reset time has passed. */
export function nextTypeAhead(
  state: TypeAheadState | undefined,
  key: string,
  now: number,
  resetMs: number = TYPE_AHEAD_RESET_MS,
): TypeAheadState {
  const lower = key.toLowerCase();
  if (!state || now - state.lastTime > resetMs) return { query: lower, lastTime: now };
  return { query: state.query + lower, lastTime: now };
}

/** The first item whose text starts with the query. */
export function findTypeAheadMatch<T>(
  items: readonly T[],
  query: string,
  textOf: (item: T) => string,
): T | undefined {
  return items.find((item) => textOf(item).trim().toLowerCase().startsWith(query));
}

const states = new WeakMap<Element, TypeAheadState>();

/**
 * onKeyDown of a select's list. MUI's own type-ahead forgets typed letters after 500 ms and answers single
 * letters itself; this handler runs after it and moves the focus for queries of two letters and more, with
 * the 1000 ms of spec section 9.
 */
export function handleTypeAheadKeyDown(event: KeyboardEvent<HTMLElement>): void {
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
  const list = event.currentTarget;
  const state = nextTypeAhead(states.get(list), event.key, performance.now());
  states.set(list, state);
  if (state.query.length < 2) return;
  const items = [...list.querySelectorAll<HTMLElement>('[role="option"], [role="menuitem"]')].filter(
    (item) => item.getAttribute('aria-disabled') !== 'true',
  );
  findTypeAheadMatch(items, state.query, (item) => item.textContent ?? '')?.focus();
}
