import { LIVE_TOPICS } from '@toydesk/contract';
import type { Queryable } from '@toydesk/db';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { changedTopics, LIVE_ERROR_REPORT_MS, LiveChangeFeed } from './live-change-feed.ts';

const version = (parts: readonly bigint[]) => parts.join('.');
const versions = fc.array(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), {
  minLength: LIVE_TOPICS.length,
  maxLength: LIVE_TOPICS.length,
});

describe('changedTopics', () => {
  it('names exactly the topics whose part moved (generated)', () => {
    fc.assert(
      fc.property(
        versions,
        fc.array(fc.boolean(), { minLength: LIVE_TOPICS.length, maxLength: LIVE_TOPICS.length }),
        (from, moves) => {
          const to = from.map((part, i) => (moves[i] ? part + 1n : part));
          expect(changedTopics(version(from), version(to))).toEqual(
            LIVE_TOPICS.filter((_topic, i) => moves[i]),
          );
        },
      ),
    );
  });

  it('counts every topic changed when the client sent something that is not one of its versions', () => {
    const now = version(LIVE_TOPICS.map(() => 5n));
    for (const since of ['', 'abc', '1.2', `${now}.1`, now.replace('5', '-5'), '1e3' + now.slice(1)]) {
      expect(changedTopics(since, now)).toEqual([...LIVE_TOPICS]);
    }
  });

  it('keeps 64-bit counters exact (no JS number on the way)', () => {
    const big = LIVE_TOPICS.map(() => 9007199254740993n);
    const next = big.map((part, i) => (i === 0 ? part + 1n : part));
    expect(changedTopics(version(big), version(next))).toEqual([LIVE_TOPICS[0]]);
  });
});

describe('LiveChangeFeed', () => {
  it('reads the versions only while someone listens, and tells listeners when they move', async () => {
    let reads = 0;
    let version = 1n;
    // The database as the feed uses it: one statement, the versions per table.
    const db = {
      query: async () => {
        reads += 1;
        return [{ name: 'bot_alert', version: String(version) }];
      },
    } as unknown as Queryable;
    const feed = new LiveChangeFeed(db, 5);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const until = async (done: () => boolean) => {
      while (!done()) await sleep(5);
    };
    await sleep(30);
    expect(reads).toBe(0);

    const heard: string[] = [];
    const unsubscribe = feed.subscribe((next) => heard.push(next));
    await until(() => heard.length === 1);
    version += 1n;
    await until(() => heard.length === 2);
    expect(changedTopics(heard[0]!, heard[1]!)).toEqual(['alerts']);

    unsubscribe();
    // A read under way when the last listener left ends; none follows it.
    await feed.current();
    const after = reads;
    await sleep(60);
    expect(reads).toBe(after);
  });

  it('reports failing reads once, then once a minute while they last, and again after a recovery', async () => {
    let failing = true;
    let reads = 0;
    const db = {
      query: async () => {
        reads += 1;
        if (failing) throw new Error('database away');
        return [{ name: 'bot_alert', version: '1' }];
      },
    } as unknown as Queryable;
    let clock = 0;
    const reported: unknown[] = [];
    const feed = new LiveChangeFeed(
      db,
      1,
      (error) => reported.push(error),
      () => clock,
    );
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const readsPast = async (n: number) => {
      const target = reads + n;
      while (reads < target) await sleep(1);
    };
    const heard: string[] = [];
    const unsubscribe = feed.subscribe((version) => heard.push(version));
    await readsPast(5);
    expect(reported).toHaveLength(1);
    clock += LIVE_ERROR_REPORT_MS - 1;
    await readsPast(3);
    expect(reported).toHaveLength(1);
    clock += 1;
    await readsPast(3);
    expect(reported).toHaveLength(2);
    failing = false;
    while (heard.length === 0) await sleep(1);
    failing = true;
    await readsPast(3);
    expect(reported).toHaveLength(3);
    unsubscribe();
  });
});
