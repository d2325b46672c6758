import { describe, expect, it } from 'vitest';

import { parseImport, rowErrorsFromBody, splitCsvLine } from './parse-import';

describe('parseImport', () => {
  it('reads a JSON array of toys and of plain names', () => {
    const rows = parseImport(
      '[{"market_hash_name":"AK-47 | Redline (Field-Tested)","ignore_price":true}, "AWP | Asiimov (Battle-Scarred)"]',
    );
    expect(rows.map((r) => r.toy)).toEqual([
      { market_hash_name: 'AK-47 | Redline (Field-Tested)', ignore_price: true },
      { market_hash_name: 'AWP | Asiimov (Battle-Scarred)' },
    ]);
  });

  it('reads CSV with a header, quoted cells, booleans and tag lists', () => {
    const rows = parseImport(
      'market_hash_name;ru_name;ignore_price;tags;label\n"Glock-18 | Fade (Factory New)";Глок;да;11|12;rare\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        toy: {
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
    const rows = parseImport('Sticker | Team Liquid, Katowice 2014\n\nFamas | Doomkitty (Minimal Wear)');
    expect(rows.map((r) => [r.line, r.toy.market_hash_name])).toEqual([
      [1, 'Sticker | Team Liquid, Katowice 2014'],
      [3, 'Famas | Doomkitty (Minimal Wear)'],
    ]);
  });

  it('marks rows without a name or with unknown columns', () => {
    const rows = parseImport('market_hash_name,colour\n,red\nM4A4 | Howl (Field-Tested),blue');
    expect(rows.map((r) => r.error)).toEqual(['market_hash_name', 'unknown: colour']);
  });

  it('throws on broken JSON so the dialog can say so', () => {
    expect(() => parseImport('[{"market_hash_name": }]')).toThrow();
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
