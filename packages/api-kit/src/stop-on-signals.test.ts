import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { stopOnSignals } from './stop-on-signals.ts';

function harness(close: () => Promise<void>, stdin?: NodeJS.ReadableStream) {
  const target = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  stopOnSignals({
    log: (line) => lines.push(line),
    exit: (code) => exits.push(code),
    target: target as unknown as Pick<NodeJS.Process, 'on'>,
    stdin,
  }).started(close);
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

  it('stops once when stdin ends (the parent that started it is gone), also after a signal', async () => {
    let closes = 0;
    const stdin = new PassThrough();
    const { target, lines, exits } = harness(async () => {
      closes += 1;
    }, stdin);
    stdin.write('ignored');
    await new Promise((resolve) => setImmediate(resolve));
    expect(closes).toBe(0);
    stdin.end();
    await new Promise((resolve) => setImmediate(resolve));
    target.emit('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(closes).toBe(1);
    expect(exits).toEqual([0]);
    expect(lines[0]).toBe('stdin closed: stopping');
  });

  it('a signal during the start waits for the start, then closes once and exits 0', async () => {
    const target = new EventEmitter();
    const lines: string[] = [];
    const exits: number[] = [];
    const stopper = stopOnSignals({
      log: (line) => lines.push(line),
      exit: (code) => exits.push(code),
      target: target as unknown as Pick<NodeJS.Process, 'on'>,
    });
    target.emit('SIGTERM');
    target.emit('SIGTERM');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([]);
    expect(lines).toEqual([
      'SIGTERM during the start: stopping once started',
      'SIGTERM: still stopping (closing the database safely), please wait',
    ]);
    let closes = 0;
    stopper.started(async () => {
      closes += 1;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closes).toBe(1);
    expect(exits).toEqual([0]);
  });
});
