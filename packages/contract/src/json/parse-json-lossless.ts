/**
 * JSON.parse for outside JSON that may carry 64-bit ids (Steam IDs, asset, class and instance ids, trade
 * offer, listing and order ids). Such ids are often written as bare numbers (Steam Desktop Authenticator's
 * `Session.SteamID`, some marketplaces' `id` fields); JSON.parse rounds any integer past 2^53, so
 * 76561198000000002 becomes 76561198000000000, someone else's account.
 *
 * The rule: an integer literal outside Number's safe range becomes its exact decimal string; everything
 * else parses exactly as JSON.parse would (decimal numbers such as prices, exponents, errors, `__proto__`
 * keys). It works by quoting those literals in the raw text and handing the result to JSON.parse, so the
 * grammar and its edge cases stay the engine's own (Node 20 has no JSON.parse source-text access).
 */
export function parseJsonLossless(text: string): unknown {
  if (!mayHoldUnsafeInteger(text)) return JSON.parse(text);
  return JSON.parse(quoteUnsafeIntegerLiterals(text));
}

/**
 * False when the text surely holds no integer literal past the safe range: such a literal has at least 16
 * digits in a row and, being a JSON value, starts the text or follows `:`, `,` or `[` (whitespace
 * between). Only a true answer costs the character-by-character scan. The console's history rows carry
 * 16-digit runs inside strings (icon URLs' hex, offer ids): a plain digit-run test sent each 10,000-row
 * page (7.6 MB) through the scan, ~150 ms of the browser's main thread apiece (issue 15, bench:web).
 */
export function mayHoldUnsafeInteger(text: string): boolean {
  return LONG_DIGIT_RUN.test(text) && UNQUOTED_LONG_DIGIT_RUN.test(text);
}

const LONG_DIGIT_RUN = /\d{16}/;
const UNQUOTED_LONG_DIGIT_RUN = /(?:^|[:,[])[ \t\n\r]*-?\d{16}/;
/** A JSON number token starting at lastIndex (the grammar's shape, sticky). */
const NUMBER_TOKEN = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** An integer literal as JSON allows it (no leading zeros): only these are quoted. */
const INTEGER_LITERAL = /^-?(?:0|[1-9]\d*)$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** True when an integer literal cannot be held by a JS number without rounding. */
export function isUnsafeIntegerLiteral(literal: string): boolean {
  if (!INTEGER_LITERAL.test(literal)) return false;
  const digits = literal.startsWith('-') ? literal.slice(1) : literal;
  // 15 digits or fewer are always safe; BigInt only for the few long ones.
  if (digits.length < 16) return false;
  return BigInt(digits) > MAX_SAFE;
}

/**
 * The text with every integer literal outside the safe range quoted (a string): for parsers that must stay
 * someone else's, such as Fastify's body parser with its prototype-poisoning checks.
 */
export function quoteUnsafeIntegerLiterals(text: string): string {
  if (!mayHoldUnsafeInteger(text)) return text;
  let out = '';
  let copiedTo = 0;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      // Skip a string, escapes included; an unterminated one is left for JSON.parse to refuse.
      i++;
      while (i < length) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* \ */) i += 2;
        else if (c === 0x22) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (ch === 0x2d /* - */ || (ch >= 0x30 && ch <= 0x39)) {
      NUMBER_TOKEN.lastIndex = i;
      const match = NUMBER_TOKEN.exec(text);
      if (!match) {
        i++;
        continue;
      }
      const token = match[0];
      const end = i + token.length;
      // A token glued to a letter or digit (`123abc`) is not a number; JSON.parse refuses it unchanged.
      const next = text.charCodeAt(end);
      const glued = end < length && (isWordChar(next) || next === 0x2e); /* . */
      // Nor is one followed by `:` (a number as a key): quoted, it would turn invalid JSON into valid.
      if (!glued && !beforeColon(text, end) && isUnsafeIntegerLiteral(token)) {
        out += `${text.slice(copiedTo, i)}"${token}"`;
        copiedTo = end;
      }
      i = end;
      continue;
    }
    i++;
  }
  return copiedTo === 0 ? text : out + text.slice(copiedTo);
}

function beforeColon(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return c === 0x3a; /* : */
    i++;
  }
  return false;
}

function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x24
  );
}
