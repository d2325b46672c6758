import { describe, expect, it } from 'vitest';

import { TickActivity } from './tick-activity.ts';

/** A tick of a dry-run loop that would place these orders (name, price). */
function dryRunTick(orders: [string, string][]): TickActivity {
  const activity = new TickActivity();
  for (const [name, price] of orders)
    activity.action('order-placed', { market_hash_name: name, price }, false);
  return activity;
}

describe('what a trading tick did, for the back-off', () => {
  it('a tick with no action and no alert has nothing to do', () => {
    expect(new TickActivity().nothingNew(undefined)).toBe(true);
  });

  it("a dry-run tick that records the previous tick's actions again (inputs unchanged) has nothing new to do", () => {
    const first = dryRunTick([
      ['AK-47 | Redline (Field-Tested)', '1500.00'],
      ['Glock-18 | Vogue (Factory New)', '423.70'],
    ]);
    expect(first.nothingNew(undefined)).toBe(false);
    // The same actions in another order: still the same.
    const second = dryRunTick([
      ['Glock-18 | Vogue (Factory New)', '423.70'],
      ['AK-47 | Redline (Field-Tested)', '1500.00'],
    ]);
    expect(second.nothingNew(first.digest()!)).toBe(true);
  });

  it('a dry-run tick whose actions differ from the previous one has work (a price moved)', () => {
    const first = dryRunTick([['AK-47 | Redline (Field-Tested)', '1500.00']]);
    const moved = dryRunTick([['AK-47 | Redline (Field-Tested)', '1499.99']]);
    expect(moved.nothingNew(first.digest()!)).toBe(false);
    const more = dryRunTick([
      ['AK-47 | Redline (Field-Tested)', '1500.00'],
      ['AK-47 | Redline (Field-Tested)', '1500.00'],
    ]);
    expect(more.nothingNew(first.digest()!)).toBe(false);
  });

  it('an action that went through is always work, even the same as before', () => {
    const first = new TickActivity();
    first.action('repriced', { item: '1', to: '10.00' }, true);
    expect(first.digest()).toBeNull();
    const again = new TickActivity();
    again.action('repriced', { item: '1', to: '10.00' }, true);
    expect(again.nothingNew(undefined)).toBe(false);
    expect(again.nothingNew(first.digest() ?? undefined)).toBe(false);
  });

  it('the same alert as the previous tick is nothing new; another alert is', () => {
    const alertTick = (message: string) => {
      const activity = new TickActivity();
      activity.alert('order-failed', message, { error: 'NO_MONEY' });
      return activity;
    };
    const first = alertTick('buy order refused');
    expect(alertTick('buy order refused').nothingNew(first.digest()!)).toBe(true);
    expect(alertTick('buy order refused again').nothingNew(first.digest()!)).toBe(false);
  });
});
