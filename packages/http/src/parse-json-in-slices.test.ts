import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseJsonLossless } from '@toydesk/contract';

import { parseJsonInSlices } from './parse-json-in-slices.ts';

type Outcome = { value: unknown; order: string } | { refused: string };

/** What a parse gives: the value with its key order (equality ignores order), or its refusal's kind. */
async function outcomeOf(parse: () => unknown): Promise<Outcome> {
  try {
    const value = await parse();
    return { value, order: JSON.stringify(value) };
  } catch (error) {
    return { refused: error instanceof SyntaxError ? 'SyntaxError' : String(error) };
  }
}

/** The text cut into pieces of the given lengths, taken in turn (0: an empty piece, as a decoder may give). */
function piecesOf(text: string, lengths: number[]): string[] {
  if (lengths.length === 0) return [text];
  const pieces: string[] = [];
  for (let at = 0, n = 0; at < text.length; n += 1) {
    const length = lengths[n % lengths.length]!;
    pieces.push(text.slice(at, at + length));
    at += length;
    // Never loop for ever on lengths that are all 0.
    if (n > text.length + lengths.length) {
      pieces.push(text.slice(at));
      break;
    }
  }
  return pieces;
}

async function expectSameAsWhole(text: string, batchChars: number, pieceLengths: number[] = []) {
  const pieces = piecesOf(text, pieceLengths);
  expect(pieces.join('')).toBe(text);
  const sliced = await outcomeOf(() => parseJsonInSlices(pieces, { batchChars, sliceMs: 0 }));
  const whole = await outcomeOf(() => parseJsonLossless(text));
  // toEqual, not toStrictEqual: that one compares `.constructor`, which a member named so replaces. The
  // JSON text of each value pins key order and own `__proto__` members.
  expect(sliced, JSON.stringify(pieces)).toEqual(whole);
}

/** JSON text with some 64-bit ids written bare and random whitespace between tokens. */
const bigId = fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n - 1n }).map((id) => id.toString());
const spacing = fc.constantFrom('', '', '', ' ', '\n  ', '\t', '\r\n');
const { text: jsonText } = fc.letrec<{ text: string; leaf: string }>((tie) => ({
  leaf: fc.oneof(
    fc.jsonValue({ maxDepth: 0 }).map((v) => JSON.stringify(v)),
    bigId,
    fc.constant('-0'),
  ),
  text: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc
      .array(fc.tuple(spacing, tie('text'), spacing), { maxLength: 6 })
      .map((items) => `[${items.map(([a, v, b]) => a + v + b).join(',')}]`),
    fc
      .array(
        fc.tuple(
          fc.oneof(fc.string(), fc.constantFrom('__proto__', 'a', '1', 'constructor')),
          spacing,
          tie('text'),
        ),
        { maxLength: 6 },
      )
      .map((members) => `{${members.map(([k, s, v]) => `${JSON.stringify(k)}${s}:${s}${v}`).join(',')}}`),
  ),
}));

/** A damaged document: a character dropped, or a structural one put in, anywhere. */
const damaged = fc
  .tuple(jsonText, fc.nat(), fc.constantFrom(null, ',', ']', '}', '[', '{', '"', ':', '\\', ' ', 'x', '1'))
  .map(([text, at, put]) => {
    const i = text.length === 0 ? 0 : at % (text.length + 1);
    return put === null ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + put + text.slice(i);
  });

const batchChars = fc.integer({ min: 1, max: 48 });
/** How the decoded body comes in: pieces of 1 to 16 characters, an empty one now and then, or whole. */
const pieceLengths = fc.array(fc.integer({ min: 0, max: 16 }), { maxLength: 5 });

describe('parseJsonInSlices', () => {
  it('gives what parseJsonLossless gives on random JSON, in batches and pieces of every size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(spacing, jsonText, spacing),
        batchChars,
        pieceLengths,
        async ([a, text, b], batch, lengths) => {
          await expectSameAsWhole(a + text + b, batch, lengths);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('refuses exactly what parseJsonLossless refuses (damaged documents, any pieces)', async () => {
    await fc.assert(
      fc.asyncProperty(damaged, batchChars, pieceLengths, async (text, batch, lengths) => {
        await expectSameAsWhole(text, batch, lengths);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    '',
    ' ',
    '[1,]',
    '[,1]',
    '[1,,2]',
    '{"a":1,}',
    '{"a" 1}',
    '{"a":}',
    '[1 2]',
    '[[1,2],[3,4]',
    '[[1,2],[3,4]]]',
    '[[1,2]} ',
    '{"a\u0001":[1,2,3]}',
    '[1,2,3] x',
    '\uFEFF[1,2,3]',
    '["abc\\"]',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    `${'['.repeat(100)}1`,
  ])('%j: same outcome as the whole parse', async (text) => {
    for (const batch of [1, 2, 3, 8]) {
      for (const lengths of [[], [1], [2, 3], [0, 5]]) await expectSameAsWhole(text, batch, lengths);
    }
  });

  it('keeps `__proto__` an own member and 64-bit ids exact in a split object', async () => {
    const text = `{"__proto__":{"x":1},"a":[76561198000000002,1],"b":{"id":18446744073709551615}}`;
    const value = (await parseJsonInSlices(text, { batchChars: 4 })) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a', 'b']);
    expect(value).toStrictEqual(parseJsonLossless(text));
    expect(value.a).toEqual(['76561198000000002', 1]);
  });

  it('gives the event loop turns while a large price list is parsed (timers keep firing)', async () => {
    const items = Array.from({ length: 60_000 }, (_, i) => ({
      id: `${76561198000000000n + BigInt(i)}`,
      market_hash_name: `AK-47 | Redline (Field-Tested) #${i}`,
      price: 12.34 + i,
    }));
    // ids written bare, as numbers: they must come back as their exact decimal strings
    const text = `{"success":true,"items":${JSON.stringify(items).replace(/"id":"(\d+)"/g, '"id":$1')}}`;
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const value = await parseJsonInSlices(text, { sliceMs: 1 });
    running = false;
    expect(value).toStrictEqual({ success: true, items });
    // With one JSON.parse of the whole body, no turn came until it was done.
    expect(ticks).toBeGreaterThan(5);
  });
});
