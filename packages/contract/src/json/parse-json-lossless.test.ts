import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isUnsafeIntegerLiteral, mayHoldUnsafeInteger, parseJsonLossless } from './parse-json-lossless.ts';

/** A random 64-bit id past 2^53, as the decimal text a marketplace or SDA would write bare. */
const bigId = fc.bigInt({ min: 2n ** 53n, max: 2n ** 64n - 1n }).map((value) => value.toString());

/** Random JSON whose leaves are ordinary JSON values or marked big ids. */
const BIG = Symbol('big');
/** A double that JSON.stringify writes as an integer literal past 2^53 is, by the rule, such an id. */
const writtenAsUnsafeInteger = (n: number) =>
  Number.isInteger(n) && !Number.isSafeInteger(n) && Math.abs(n) < 1e21;
const hasUnsafeInteger = (value: unknown): boolean =>
  typeof value === 'number'
    ? writtenAsUnsafeInteger(value)
    : typeof value === 'object' && value !== null && Object.values(value).some(hasUnsafeInteger);
type Tree = null | boolean | number | string | { [BIG]: string } | Tree[] | { [key: string]: Tree };
const { tree } = fc.letrec<{ tree: Tree; leaf: Tree }>((tie) => ({
  leaf: fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc
      .double({ noNaN: true, noDefaultInfinity: true })
      .filter((n) => !Object.is(n, -0) && !writtenAsUnsafeInteger(n)),
    fc.integer(),
    fc.string(),
    bigId.map((id) => ({ [BIG]: id })),
  ),
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('tree'), { maxLength: 5 }),
    fc.dictionary(fc.string(), tie('tree'), { maxKeys: 5 }),
  ),
}));

/** The text: big ids written bare, as numbers. */
function write(value: Tree): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(write).join(', ')}]`;
  if (BIG in value) return (value as { [BIG]: string })[BIG];
  return `{${Object.entries(value)
    .map(([key, item]) => `${JSON.stringify(key)}:${write(item)}`)
    .join(',')}}`;
}

/** What the lossless parse must give: big ids as their exact strings, the rest as JSON.parse gives. */
function expected(value: Tree): unknown {
  if (value === null || typeof value !== 'object') return JSON.parse(JSON.stringify(value));
  if (Array.isArray(value)) return value.map(expected);
  if (BIG in value) return (value as { [BIG]: string })[BIG];
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expected(item)]));
}

describe('parseJsonLossless', () => {
  it('keeps an SDA SteamID written as a bare number exact', () => {
    const text = '{"account_name":"bot1","Session":{"SteamID":76561198000000002,"SessionID":"x"}}';
    expect((JSON.parse(text) as { Session: { SteamID: number } }).Session.SteamID).toBe(76561198000000000);
    expect(parseJsonLossless(text)).toEqual({
      account_name: 'bot1',
      Session: { SteamID: '76561198000000002', SessionID: 'x' },
    });
  });

  it('leaves money, decimals, exponents, safe integers and digits inside strings as JSON.parse does', () => {
    const text =
      '{"price":12345678901234567.5,"usd":"0.00","f":0.1234567890123456789,"e":12345678901234567e2,' +
      '"safe":9007199254740991,"neg":-9007199254740991,"s":"12345678901234567890","esc":"\\"99999999999999999\\""}';
    expect(parseJsonLossless(text)).toEqual(JSON.parse(text));
  });

  it('quotes exactly the integers past the safe range, negative ones too', () => {
    expect(parseJsonLossless('[9007199254740992, -9007199254740992, 18446744073709551615]')).toEqual([
      '9007199254740992',
      '-9007199254740992',
      '18446744073709551615',
    ]);
    expect(isUnsafeIntegerLiteral('9007199254740991')).toBe(false);
    expect(isUnsafeIntegerLiteral('00009007199254740993')).toBe(false);
  });

  it('scans only text where a long digit run can be a bare number', () => {
    // Long digit runs inside strings only (a history row's icon URL, an offer id): no scan.
    const row =
      '{"icon_url":"ab12f5446139179452450413ea","offer_id":"76561198000000002","a":[1,"x_1234567890123456"]}';
    expect(mayHoldUnsafeInteger(row)).toBe(false);
    expect(parseJsonLossless(row)).toEqual(JSON.parse(row));
    // Wherever a value can start: the text's start, after `:`, `,` or `[`, with any JSON whitespace.
    for (const text of [
      '76561198000000002',
      ' \n-76561198000000002',
      '{"id":76561198000000002}',
      '{"id": \t76561198000000002}',
      '[1,76561198000000002]',
      '[\r\n  76561198000000002]',
    ]) {
      expect(mayHoldUnsafeInteger(text), text).toBe(true);
      const id = text.includes('-') ? '-76561198000000002' : '76561198000000002';
      expect(JSON.stringify(parseJsonLossless(text)), text).toContain(JSON.stringify(id));
    }
  });

  it('refuses what JSON.parse refuses, and never turns invalid text into valid', () => {
    for (const bad of [
      '',
      '<html>502 Bad Gateway</html>',
      '{12345678901234567890: 1}',
      '{"a": 012345678901234567890}',
      '{"a": 12345678901234567890abc}',
      '{"a": 12345678901234567890.}',
      '{"a": "12345678901234567890}',
      '[12345678901234567890',
    ]) {
      expect(() => JSON.parse(bad), bad).toThrow(SyntaxError);
      expect(() => parseJsonLossless(bad), bad).toThrow(SyntaxError);
    }
  });

  it('round-trips random 64-bit ids in random JSON', () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(parseJsonLossless(write(value))).toEqual(expected(value));
      }),
      { numRuns: 500 },
    );
  });

  it('matches JSON.parse on any JSON without unsafe integers', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => !hasUnsafeInteger(value)),
        (value) => {
          const text = JSON.stringify(value);
          expect(parseJsonLossless(text)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 500 },
    );
  });
});
