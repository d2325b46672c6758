import { describe, expect, it } from 'vitest';

import { MARKET_TOY_IMPORT, TOY_IMPORT } from './import-specs';
import { parseImport, rowErrorsFromBody, splitCsvLine } from './parse-import';

describe('parseImport of toys', () => {
  it('reads a JSON array of toys and of plain names', () => {
    const rows = parseImport(
      TOY_IMPORT,
      '[{"market_hash_name":"AK-47 | Redline (Field-Tested)","ignore_price":true}, "AWP | Asiimov (Battle-Scarred)"]',
    );
    expect(rows.map((r) => r.values)).toEqual([
      { market_hash_name: 'AK-47 | Redline (Field-Tested)', ignore_price: true },
      { market_hash_name: 'AWP | Asiimov (Battle-Scarred)' },
    ]);
  });

  it('reads CSV with a header, quoted cells, booleans and tag lists', () => {
    const rows = parseImport(
      TOY_IMPORT,
      'market_hash_name;ru_name;ignore_price;tags;label\n"Glock-18 | Fade (Factory New)";Глок;да;11|12;rare\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        values: {
          market_hash_name: 'Glock-18 | Fade (Factory New)',
          ru_name: 'Глок',
          ignore_price: true,
          tags: [11, 12],
          label: 'rare',
        },
      },
    ]);
  });

  it('reads a headerless list as one name per line, commas included', () => {
    const rows = parseImport(
      TOY_IMPORT,
      'Sticker | Team Liquid, Katowice 2014\n\nFamas | Doomkitty (Minimal Wear)',
    );
    expect(rows.map((r) => [r.line, r.values.market_hash_name])).toEqual([
      [1, 'Sticker | Team Liquid, Katowice 2014'],
      [3, 'Famas | Doomkitty (Minimal Wear)'],
    ]);
  });

  it('marks rows without a name, with unknown columns or that are not objects', () => {
    const rows = parseImport(TOY_IMPORT, 'market_hash_name,colour\n,red\nM4A4 | Howl (Field-Tested),blue');
    expect(rows.map((r) => r.issue)).toEqual([
      { kind: 'missing_key', fields: ['market_hash_name'] },
      { kind: 'unknown_columns', fields: ['colour'] },
    ]);
    expect(parseImport(TOY_IMPORT, '[1]')[0]?.issue).toEqual({ kind: 'not_object' });
  });

  it('throws on broken JSON so the dialog can say so', () => {
    expect(() => parseImport(TOY_IMPORT, '[{"market_hash_name": }]')).toThrow();
  });
});

describe('parseImport of market toys', () => {
  it('reads names or toy ids, market codes, amounts with a decimal comma and switches', () => {
    const rows = parseImport(
      MARKET_TOY_IMPORT,
      'toy;market_hash_name;market;price_sell;min_price_buy;enable_dynamic_order\n' +
        ';AWP | Asiimov (Field-Tested);tm;950,50;;нет\n' +
        '17;;dmarket;12.5;10;да',
    );
    expect(rows).toEqual([
      {
        line: 2,
        values: {
          market_hash_name: 'AWP | Asiimov (Field-Tested)',
          market: 'tm',
          price_sell: '950.50',
          min_price_buy: null,
          enable_dynamic_order: false,
        },
      },
      {
        line: 3,
        values: {
          toy: 17,
          market: 'dmarket',
          price_sell: '12.5',
          min_price_buy: '10',
          enable_dynamic_order: true,
        },
      },
    ]);
  });

  it('needs a name or a toy id, and refuses read-only columns', () => {
    const rows = parseImport(
      MARKET_TOY_IMPORT,
      '[{"market": "tm", "price_sell": 10}, {"toy": 3, "market": "tm", "id": 9}]',
    );
    expect(rows.map((r) => r.issue)).toEqual([
      { kind: 'missing_key', fields: ['market_hash_name', 'toy'] },
      { kind: 'unknown_columns', fields: ['id'] },
    ]);
  });
});

describe('splitCsvLine', () => {
  it('keeps separators inside quotes and unescapes doubled quotes', () => {
    expect(splitCsvLine('"a, b","say ""hi""",c', ',')).toEqual(['a, b', 'say "hi"', 'c']);
  });
});

describe('rowErrorsFromBody', () => {
  it('turns a bulk 400 body into a message per row index', () => {
    const errors = rowErrorsFromBody({ '2': { label: ['Invalid option'] }, detail: 'x' });
    expect([...errors]).toEqual([[2, 'label: Invalid option']]);
  });
});
