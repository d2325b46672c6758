import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { specRuleMessages } from './testing/console-spec.ts';
import { createRules, formatRuleMessage, RULE_MESSAGES, RULE_NAMES, rules } from './validation-messages.ts';

const en = createRules('en');

describe('RULE_MESSAGES', () => {
  it("holds the spec's English messages verbatim", () => {
    expect(RULE_MESSAGES.en).toEqual(specRuleMessages());
  });

  it('holds the Russian interface messages, each with the placeholders of its English one', () => {
    expect(RULE_MESSAGES.ru.required).toBe('Обязательное поле');
    expect(RULE_MESSAGES.ru.maxLength).toBe('Не более {0} символов');
    const placeholders = (text: string): string[] => text.match(/\{\d+\}/g) ?? [];
    for (const rule of RULE_NAMES) {
      expect(RULE_MESSAGES.ru[rule], rule).not.toBe(RULE_MESSAGES.en[rule]);
      expect(placeholders(RULE_MESSAGES.ru[rule]), rule).toEqual(placeholders(RULE_MESSAGES.en[rule]));
    }
  });

  it('has a message for every rule in both languages', () => {
    expect(Object.keys(RULE_MESSAGES.ru).sort()).toEqual([...RULE_NAMES].sort());
    expect(Object.keys(RULE_MESSAGES.en).sort()).toEqual([...RULE_NAMES].sort());
  });
});

describe('formatRuleMessage', () => {
  it('replaces numbered placeholders', () => {
    expect(formatRuleMessage('maxLength', 'ru', 20)).toBe('Не более 20 символов');
    expect(formatRuleMessage('exclude', 'en', '$')).toBe('character $ is not allowed');
  });

  it('leaves a placeholder without an argument, and messages without placeholders, alone', () => {
    expect(formatRuleMessage('minLength', 'en')).toBe('no fewer than {0} characters');
    expect(formatRuleMessage('required', 'ru', 'ignored')).toBe('Обязательное поле');
  });

  it('inserts any argument text literally', () => {
    fc.assert(
      fc.property(fc.string(), (arg) => {
        expect(formatRuleMessage('exclude', 'en', arg)).toBe(`character ${arg} is not allowed`);
      }),
    );
  });
});

describe('rules', () => {
  it('speaks Russian by default', () => {
    expect(rules.required('')).toBe('Обязательное поле');
    expect(createRules().number('x')).toBe('Только цифры');
  });

  it('required rejects nothing-entered values and accepts zero', () => {
    for (const empty of [null, undefined, '', '   ', [], false])
      expect(en.required(empty)).toBe('This field is required');
    for (const value of [0, 'a', ['x'], true, {}]) expect(en.required(value)).toBe(true);
  });

  it('lets empty values pass every rule but required and notEmpty', () => {
    const optionalRules = [
      en.email,
      en.number,
      en.integer,
      en.capital,
      en.maxLength(1),
      en.minLength(5),
      en.strictLength(3),
      en.exclude('x'),
      en.pattern(/^a$/),
    ];
    for (const rule of optionalRules) {
      for (const empty of [null, undefined, '']) expect(rule(empty)).toBe(true);
    }
  });

  it('email', () => {
    for (const ok of ['a@b.ru', 'first.last+tag@mail.example.com', ' user@host.io '])
      expect(en.email(ok)).toBe(true);
    for (const bad of ['a@b', 'ab.ru', 'a b@c.ru', 'a@@b.ru', 'a@b..ru', 42]) {
      expect(en.email(bad)).toBe('Please enter a valid email');
    }
  });

  it('number accepts digits only', () => {
    expect(en.number('0123')).toBe(true);
    expect(en.number(42)).toBe(true);
    for (const bad of ['-1', '1.5', '1e3', '12a', 1.5, {}]) expect(en.number(bad)).toBe('digits only');
  });

  it('integer accepts signed whole numbers', () => {
    for (const ok of ['-12', '7', -3, 0]) expect(en.integer(ok)).toBe(true);
    for (const bad of ['1.0', '+1', 'x', 2.5]) expect(en.integer(bad)).toBe('integers only');
  });

  it('capital refuses any lower-case letter', () => {
    for (const ok of ['ABC', 'AB12-Z', 'ПРИВЕТ']) expect(en.capital(ok)).toBe(true);
    for (const bad of ['ABc', 'привет', 'Ab1']) expect(en.capital(bad)).toBe('capital letters only');
  });

  it('length rules count characters and list items and name the limit', () => {
    expect(en.maxLength(3)('abc')).toBe(true);
    expect(en.maxLength(3)('abcd')).toBe('no more than 3 characters');
    expect(en.maxLength(1)('😀')).toBe(true);
    expect(en.maxLength(2)(['a', 'b', 'c'])).toBe('no more than 2 characters');
    expect(en.minLength(2)('a')).toBe('no fewer than 2 characters');
    expect(en.minLength(2)(12)).toBe(true);
    expect(rules.minLength(8)('short')).toBe('Не менее 8 символов');
    expect(en.strictLength(5)('12345')).toBe(true);
    expect(en.strictLength(5)('1234')).toBe('entered length is invalid');
    expect(en.strictLength(5)({})).toBe('entered length is invalid');
  });

  it('maxLength agrees with the string length for any text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat({ max: 20 }), (text, max) => {
        const expected = [...text].length <= max || text.trim() === '';
        expect(en.maxLength(max)(text) === true).toBe(expected);
      }),
    );
  });

  it('exclude names the first forbidden character found', () => {
    expect(en.exclude('<>')('a<b')).toBe('character < is not allowed');
    expect(en.exclude(['/', '\\'])('C:\\dir')).toBe('character \\ is not allowed');
    expect(rules.exclude(' ')('two words')).toBe('Символ   запрещён');
    expect(en.exclude('<>')('plain')).toBe(true);
  });

  it('notEmpty wants at least one value', () => {
    expect(en.notEmpty([])).toBe('select at least one value');
    expect(en.notEmpty(null)).toBe('select at least one value');
    expect(en.notEmpty([0])).toBe(true);
    expect(en.notEmpty('x')).toBe(true);
  });

  it('pattern tests the whole value and ignores a regex left mid-way', () => {
    const code = en.pattern(/^[A-Z]{2}\d{3}$/);
    expect(code('AB123')).toBe(true);
    expect(code('AB12')).toBe('Invalid format');
    expect(code({})).toBe('Invalid format');
    const global = /a/g;
    const rule = en.pattern(global);
    expect(rule('a')).toBe(true);
    expect(rule('a')).toBe(true);
  });
});
