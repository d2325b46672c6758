import { LIVE_TOPICS } from '@toydesk/contract';
import type { Queryable } from '@toydesk/db';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { changedTopics, LiveChangeFeed } from './live-change-feed.ts';

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
});
