import { EventEmitter } from 'node:events';

import { describe, expect, it } from 'vitest';

import { stopOnSignals } from './stop-on-signals.ts';

function harness(close: () => Promise<void>) {
  const target = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  stopOnSignals({
    close,
    log: (line) => lines.push(line),
    exit: (code) => exits.push(code),
    target: target as unknown as Pick<NodeJS.Process, 'on'>,
  });
  return { target, lines, exits };
}

describe('stopOnSignals', () => {
  it('closes once and exits 0 after the close, whatever signals arrive meanwhile', async () => {
    let finish: () => void = () => undefined;
    let closes = 0;
    const { target, lines, exits } = harness(() => {
      closes += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    target.emit('SIGINT');
    target.emit('SIGINT');
    target.emit('SIGTERM');
    expect(closes).toBe(1);
    expect(exits).toEqual([]);
    expect(lines.filter((line) => line.includes('still stopping'))).toHaveLength(2);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([0]);
  });

  it('exits 1 with the reason when the close fails', async () => {
    const { target, lines, exits } = harness(() => Promise.reject(new Error('disk full')));
    target.emit('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1]);
    expect(lines.at(-1)).toContain('disk full');
  });
});
