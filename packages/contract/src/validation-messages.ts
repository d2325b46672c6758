/**
 * Default form rules of spec section 5, as pure functions so the React forms and the server validate a field
 * the same way and say the same thing about it.
 */

/** Interface languages: the product's interface is Russian; the spec gives the English translation. */
export type UiLang = 'ru' | 'en';

export const RULE_NAMES = [
  'required',
  'email',
  'number',
  'integer',
  'capital',
  'maxLength',
  'minLength',
  'strictLength',
  'exclude',
  'notEmpty',
  'pattern',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export const RULE_MESSAGES: { readonly ru: Record<RuleName, string>; readonly en: Record<RuleName, string> } =
  {
    ru: {
      required: 'Обязательное поле',
      email: 'Введите корректный email',
      number: 'Только цифры',
      integer: 'Только целые числа',
      capital: 'Только заглавные буквы',
      maxLength: 'Не более {0} символов',
      minLength: 'Не менее {0} символов',
      strictLength: 'Введена неверная длина',
      exclude: 'Символ {0} запрещён',
      notEmpty: 'Выберите хотя бы одно значение',
      pattern: 'Неверный формат',
    },
    en: {
      required: 'This field is required',
      email: 'Please enter a valid email',
      number: 'digits only',
      integer: 'integers only',
      capital: 'capital letters only',
      maxLength: 'no more than {0} characters',
      minLength: 'no fewer than {0} characters',
      strictLength: 'entered length is invalid',
      exclude: 'character {0} is not allowed',
      notEmpty: 'select at least one value',
      pattern: 'Invalid format',
    },
  };

/** The rule's message with {0}, {1}, ... replaced by the arguments; a placeholder without one stays. */
export function formatRuleMessage(
  rule: RuleName,
  lang: UiLang,
  ...args: ReadonlyArray<string | number>
): string {
  return RULE_MESSAGES[lang][rule].replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const arg = args[Number(index)];
    return arg === undefined ? placeholder : String(arg);
  });
}

/** true when the value passes, otherwise the message to show under the field. */
export type RuleResult = true | string;
export type Rule = (value: unknown) => RuleResult;

export interface Rules {
  required: Rule;
  email: Rule;
  number: Rule;
  integer: Rule;
  capital: Rule;
  maxLength: (max: number) => Rule;
  minLength: (min: number) => Rule;
  strictLength: (length: number) => Rule;
  exclude: (chars: string | readonly string[]) => Rule;
  notEmpty: Rule;
  pattern: (re: RegExp) => Rule;
}

/**
 * Empty means "nothing entered": null, undefined, a blank string, an empty array, or an unticked box
 * (false). Zero is a value.
 */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The text a text rule looks at; null for values that are not text at all (objects, booleans). */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/** Length as a user counts it: code points for text (an emoji is one character), items for a list. */
function lengthOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  const text = asText(value);
  return text === null ? null : [...text].length;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const DIGITS = /^\d+$/;
const INTEGER = /^-?\d+$/;
const LOWERCASE_LETTER = /\p{Ll}/u;

/**
 * The rules in one language. Every rule except required and notEmpty lets an empty value pass: whether a
 * field may be left empty is required's business alone, so an optional email field can stay blank.
 */
export function createRules(lang: UiLang = 'ru'): Rules {
  const message = (rule: RuleName, ...args: ReadonlyArray<string | number>) =>
    formatRuleMessage(rule, lang, ...args);

  const textRule =
    (rule: RuleName, test: (text: string) => boolean): Rule =>
    (value) => {
      if (isEmpty(value)) return true;
      const text = asText(value);
      return text !== null && test(text) ? true : message(rule);
    };

  const lengthRule =
    (rule: RuleName, test: (length: number) => boolean, arg?: number): Rule =>
    (value) => {
      if (isEmpty(value)) return true;
      const length = lengthOf(value);
      const ok = length !== null && test(length);
      if (ok) return true;
      return arg === undefined ? message(rule) : message(rule, arg);
    };

  return {
    required: (value) => (isEmpty(value) ? message('required') : true),
    email: textRule('email', (text) => EMAIL.test(text.trim())),
    number: textRule('number', (text) => DIGITS.test(text)),
    integer: textRule('integer', (text) => INTEGER.test(text)),
    // "Capital letters only" is read as "no lower-case letter", so codes such as "AB12" pass.
    capital: textRule('capital', (text) => !LOWERCASE_LETTER.test(text)),
    maxLength: (max) => lengthRule('maxLength', (length) => length <= max, max),
    minLength: (min) => lengthRule('minLength', (length) => length >= min, min),
    strictLength: (expected) => lengthRule('strictLength', (length) => length === expected),
    exclude: (chars) => {
      const forbidden = typeof chars === 'string' ? [...chars] : [...chars];
      return (value) => {
        if (isEmpty(value)) return true;
        const text = asText(value);
        if (text === null) return true;
        const found = forbidden.find((char) => char !== '' && text.includes(char));
        return found === undefined ? true : message('exclude', found);
      };
    },
    notEmpty: (value) => (isEmpty(value) ? message('notEmpty') : true),
    pattern: (re) => (value) => {
      if (isEmpty(value)) return true;
      const text = asText(value);
      if (text === null) return message('pattern');
      // A global or sticky regex remembers where it stopped; each check must start from the beginning.
      re.lastIndex = 0;
      return re.test(text) ? true : message('pattern');
    },
  };
}

/** The rules in the product's interface language. */
export const rules: Rules = createRules('ru');
