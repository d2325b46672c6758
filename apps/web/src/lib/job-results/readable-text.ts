/**
 * The check behind "no English or JSON in the Russian UI" (issue 12): the words of a visible text that are
 * Latin-only and not an allowed name, and whether it holds JSON. Used by the formatters' unit test and the
 * browser test that walks every route.
 */

/** Names and codes that stay Latin in Russian texts: products, markets, currencies, technical terms. */
export const LATIN_ALLOWED: readonly string[] = [
  'toydesk',
  'steam',
  'market',
  'csgo',
  'dmarket',
  'cs7',
  'lis',
  'skins',
  'bitskins',
  'csfloat',
  'skinport',
  'waxpeer',
  'usd',
  'rub',
  'eur',
  'api',
  'web',
  'id',
  'ip',
  'http',
  'https',
  'url',
  'json',
  'csv',
  'p2p',
  '2fa',
  'mafile',
  'identity_secret',
  'shared_secret',
  'steamid',
  'steamid64',
  'sda',
  'asf',
  'ru',
  'en',
  'tm',
  'usd_to_rub_rate',
  'eur_to_rub_rate',
  'demo',
  'utc',
  'guard',
];

const LATIN_WORD = /[A-Za-z][A-Za-z0-9_'’-]*/g;

/** Words of `text` made of Latin letters only (digits allowed) that are not in `allowed` (lower case). */
export function foreignWords(text: string, allowed: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(LATIN_WORD)) {
    const word = match[0].replace(/['’-]+$/, '');
    const lower = word.toLowerCase();
    // One letter (a unit, a list mark), hex ids and uuids' pieces are not words of a language.
    if (word.length < 2 || /^[0-9a-f-]+$/i.test(word) || allowed.has(lower)) continue;
    // A compound name ("Market CSGO op_walk_01" has "op_walk_01"): allowed when all its parts are.
    const parts = lower.split(/[_'’-]/).filter((part) => part !== '' && !/^\d+$/.test(part));
    if (parts.length > 0 && parts.every((part) => allowed.has(part))) continue;
    found.push(word);
  }
  return found;
}

/** JSON in visible text: an object or array opening with a quoted key or a nested value. */
export const hasJson = (text: string): boolean => /\{\s*"|\[\s*\{|":\s*[[{"\d]/.test(text);
