import { createSimClock } from '@toydesk/simulators';
import { describe, expect, it } from 'vitest';

import { createDemoWorldPause } from './demo-world-pause.ts';

function setup() {
  let real = 1_000_000;
  const realNow = () => real;
  const clock = createSimClock({ realNow });
  const pause = createDemoWorldPause(clock, 60_000, realNow);
  return { clock, pause, pass: (ms: number) => (real += ms) };
}

describe('the demo world pauses with no operator', () => {
  it('keeps running while an operator is active', () => {
    const { clock, pause, pass } = setup();
    pass(30_000);
    pause.onRequest('/api/session');
    pass(40_000);
    pause.check();
    expect(clock.paused()).toBe(false);
  });

  it('pauses after the idle window and the simulated time stands still', () => {
    const { clock, pause, pass } = setup();
    pass(60_000);
    pause.check();
    expect(clock.paused()).toBe(true);
    const stopped = clock.now();
    pass(3_600_000);
    expect(clock.now()).toBe(stopped);
  });

  it('probes do not count as an operator', () => {
    const { clock, pause, pass } = setup();
    pass(60_000);
    pause.check();
    pause.onRequest('/readyz');
    pause.onRequest('/healthz?full=1');
    expect(clock.paused()).toBe(true);
  });

  it('resumes at once on a login, from where it stopped', () => {
    const { clock, pause, pass } = setup();
    pass(60_000);
    pause.check();
    const stopped = clock.now();
    pass(3_600_000);
    pause.onRequest('/api/auth/login');
    expect(clock.paused()).toBe(false);
    expect(clock.now()).toBe(stopped);
    pass(5_000);
    expect(clock.now()).toBe(stopped + 5_000);
    // The idle window starts over from the login.
    pass(30_000);
    pause.check();
    expect(clock.paused()).toBe(false);
  });

  it('wakes the trading loops once per resume, not on every request of a running world', () => {
    let real = 1_000_000;
    const realNow = () => real;
    const clock = createSimClock({ realNow });
    let wakes = 0;
    const pause = createDemoWorldPause(clock, 60_000, realNow, () => (wakes += 1));
    pause.onRequest('/api/session');
    expect(wakes).toBe(0);
    real += 60_000;
    pause.check();
    pause.onRequest('/readyz');
    expect(wakes).toBe(0);
    pause.onRequest('/api/session');
    pause.onRequest('/api/steam/accounts/');
    expect(wakes).toBe(1);
  });

  it('advance() still moves a paused clock (the control API)', () => {
    const { clock, pause, pass } = setup();
    pass(60_000);
    pause.check();
    const stopped = clock.now();
    clock.advance(1_000);
    expect(clock.now()).toBe(stopped + 1_000);
  });

  it('holds the loops on every check while paused, never while running', () => {
    let real = 1_000_000;
    const realNow = () => real;
    const clock = createSimClock({ realNow });
    let holds = 0;
    let wakes = 0;
    const pause = createDemoWorldPause(
      clock,
      60_000,
      realNow,
      () => (wakes += 1),
      () => (holds += 1),
    );
    real += 30_000;
    pause.check();
    expect(holds).toBe(0);
    real += 30_000;
    pause.check();
    pause.check();
    expect(holds).toBe(2);
    pause.onRequest('/api/session');
    pause.check();
    expect({ holds, wakes }).toEqual({ holds: 2, wakes: 1 });
  });

  it('keeps running while a console tab holds its live stream open, and counts idle again from its close', () => {
    const { clock, pause, pass } = setup();
    const closes: (() => void)[] = [];
    const stream = { once: (_event: 'close', listener: () => void) => closes.push(listener) };
    pause.onRequest('/api/live/', stream);
    pass(3_600_000);
    pause.check();
    expect(clock.paused()).toBe(false);
    // The tab is hidden or closed: the stream ends, and the world pauses a window later.
    closes[0]!();
    pass(59_000);
    pause.check();
    expect(clock.paused()).toBe(false);
    pass(1_000);
    pause.check();
    expect(clock.paused()).toBe(true);
    // Other requests never count as watching.
    const other: (() => void)[] = [];
    pause.onRequest('/api/session', {
      once: (_event: 'close', listener: () => void) => other.push(listener),
    });
    expect(other).toEqual([]);
  });
});
