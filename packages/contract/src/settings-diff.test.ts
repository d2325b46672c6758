import { createHash } from 'node:crypto';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  diffSettings,
  diffSettingsFromLoader,
  hashWatchFields,
  MISSING_WATCH_FIELDS_MESSAGE,
  sha1Hex,
} from './settings-diff.ts';

interface Account {
  id: number;
  market: string;
  note?: string;
}

const nodeSha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

describe('sha1Hex', () => {
  it('matches the standard test vectors', () => {
    expect(sha1Hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(sha1Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
    expect(sha1Hex('a'.repeat(1_000_000))).toBe('34aa973cd4c4daa4f61eeb2bdbad27316534016f');
  });

  it('agrees with node:crypto on any text, across block boundaries', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha1Hex(text)).toBe(nodeSha1(text));
      }),
    );
    for (let length = 50; length <= 130; length++)
      expect(sha1Hex('x'.repeat(length))).toBe(nodeSha1('x'.repeat(length)));
  });
});

describe('hashWatchFields', () => {
  it('is the SHA-1 of the JSON of the picked [field, value] pairs in the given order', () => {
    const record = { id: 7, market: 'tm', note: 'x' };
    expect(hashWatchFields(record, ['id', 'market'])).toBe(nodeSha1('[["id",7],["market","tm"]]'));
    expect(hashWatchFields(record, ['market', 'id'])).toBe(nodeSha1('[["market","tm"],["id",7]]'));
  });

  it('depends on the watch fields only', () => {
    expect(hashWatchFields({ id: 1, note: 'a' }, ['id'])).toBe(hashWatchFields({ note: 'b', id: 1 }, ['id']));
    expect(hashWatchFields({ id: 1 }, ['id'])).not.toBe(hashWatchFields({ id: 2 }, ['id']));
    expect(hashWatchFields({ id: 1 }, ['id'])).not.toBe(hashWatchFields({ id: '1' }, ['id']));
  });

  it('does not depend on the key order of nested objects', () => {
    const a = { id: 1, settings: { min: '1.00', max: '2.00', nested: { x: 1, y: [1, { b: 2, a: 1 }] } } };
    const b = { settings: { nested: { y: [1, { a: 1, b: 2 }], x: 1 }, max: '2.00', min: '1.00' }, id: 1 };
    expect(hashWatchFields(a, ['id', 'settings'])).toBe(hashWatchFields(b, ['id', 'settings']));
    expect(hashWatchFields(a, ['settings'])).not.toBe(
      hashWatchFields({ settings: { ...a.settings, max: '3.00' } }, ['settings']),
    );
  });

  it('hashes a missing or inherited field as null', () => {
    expect(hashWatchFields({}, ['id'])).toBe(hashWatchFields({ id: null }, ['id']));
    expect(hashWatchFields({}, ['constructor'])).toBe(
      hashWatchFields({ constructor: null }, ['constructor']),
    );
  });

  it('refuses an empty list of watch fields', () => {
    expect(() => hashWatchFields({ id: 1 }, [])).toThrow(MISSING_WATCH_FIELDS_MESSAGE);
  });
});

describe('diffSettings', () => {
  const a: Account = { id: 1, market: 'tm' };
  const b: Account = { id: 2, market: 'tm' };
  const c: Account = { id: 3, market: 'dmarket' };

  it('reports everything as added without a previous snapshot', () => {
    const diff = diffSettings([a, b], undefined, ['id']);
    expect(diff.added).toEqual([a, b]);
    expect(diff.removed).toEqual([]);
    expect(diff.updated).toEqual([]);
    expect(Object.values(diff.snapshot)).toEqual([a, b]);
    expect(Object.keys(diff.snapshot)).toEqual([hashWatchFields(a, ['id']), hashWatchFields(b, ['id'])]);
  });

  it('reports added, removed and updated keys against the previous snapshot', () => {
    const { snapshot } = diffSettings([a, b], undefined, ['id']);
    const b2: Account = { ...b, note: 'changed outside the watch fields' };
    const diff = diffSettings([b2, c], snapshot, ['id']);
    expect(diff.added).toEqual([c]);
    expect(diff.removed).toEqual([a]);
    // "Updated" is keys in both, reported in their current version.
    expect(diff.updated).toEqual([b2]);
    expect(Object.values(diff.snapshot)).toEqual([b2, c]);
  });

  it('treats a change of a watch field as a removal plus an addition', () => {
    const { snapshot } = diffSettings([a], undefined, ['id', 'market']);
    const moved: Account = { ...a, market: 'csfloat' };
    const diff = diffSettings([moved], snapshot, ['id', 'market']);
    expect(diff.added).toEqual([moved]);
    expect(diff.removed).toEqual([a]);
    expect(diff.updated).toEqual([]);
  });

  it('collapses records with the same key, the later one winning', () => {
    const a2: Account = { ...a, note: 'later' };
    const diff = diffSettings([a, b, a2], undefined, ['id']);
    expect(diff.added).toEqual([a2, b]);
    expect(Object.keys(diff.snapshot)).toHaveLength(2);
  });

  it('fails with the spec message when no watch fields are given', () => {
    expect(() => diffSettings([a], undefined, [])).toThrow(new Error('Не заполнена watchOptions'));
    expect(() => diffSettings([a], undefined, undefined)).toThrow(MISSING_WATCH_FIELDS_MESSAGE);
  });

  it('partitions keys like set arithmetic for any two lists', () => {
    const ids = fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 30 });
    fc.assert(
      fc.property(ids, ids, (before, after) => {
        const toRecords = (list: number[]) => list.map((id) => ({ id, market: 'tm' }));
        const { snapshot } = diffSettings(toRecords(before), undefined, ['id']);
        const diff = diffSettings(toRecords(after), snapshot, ['id']);
        const beforeSet = new Set(before);
        const afterSet = new Set(after);
        const sorted = (list: { id: number }[]) => list.map((r) => r.id).sort((x, y) => x - y);
        const expectIds = (set: Set<number>) => [...set].sort((x, y) => x - y);
        expect(sorted(diff.added)).toEqual(
          expectIds(new Set([...afterSet].filter((id) => !beforeSet.has(id)))),
        );
        expect(sorted(diff.removed)).toEqual(
          expectIds(new Set([...beforeSet].filter((id) => !afterSet.has(id)))),
        );
        expect(sorted(diff.updated)).toEqual(
          expectIds(new Set([...afterSet].filter((id) => beforeSet.has(id)))),
        );
        expect(sorted(Object.values(diff.snapshot))).toEqual(expectIds(afterSet));
      }),
    );
  });
});

describe('diffSettingsFromLoader', () => {
  const a: Account = { id: 1, market: 'tm' };
  const b: Account = { id: 2, market: 'tm' };

  it('diffs what the loader returns', async () => {
    const { snapshot } = diffSettings([a], undefined, ['id']);
    const result = await diffSettingsFromLoader(async () => ({ success: true, data: [a, b] }), snapshot, [
      'id',
    ]);
    expect(result).toEqual({
      success: true,
      added: [b],
      removed: [],
      updated: [a],
      snapshot: { [hashWatchFields(a, ['id'])]: a, [hashWatchFields(b, ['id'])]: b },
    });
  });

  it('answers success false when the account list call fails', async () => {
    const previous = diffSettings([a], undefined, ['id']).snapshot;
    await expect(diffSettingsFromLoader(async () => ({ success: false }), previous, ['id'])).resolves.toEqual(
      {
        success: false,
      },
    );
    await expect(
      diffSettingsFromLoader<Account>(async () => ({ success: true }), previous, ['id']),
    ).resolves.toEqual({ success: false });
    await expect(
      diffSettingsFromLoader<Account>(
        async () => {
          throw new Error('ECONNREFUSED');
        },
        previous,
        ['id'],
      ),
    ).resolves.toEqual({ success: false });
  });

  it('throws the spec message before loading when no watch fields are given', async () => {
    let loaded = false;
    const load = async () => {
      loaded = true;
      return { success: true, data: [a] };
    };
    await expect(diffSettingsFromLoader(load, undefined, [])).rejects.toThrow(MISSING_WATCH_FIELDS_MESSAGE);
    expect(loaded).toBe(false);
  });
});
