import { LIVE_TOPICS } from '@toydesk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { changedTopics } from './live-change-feed.ts';

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
