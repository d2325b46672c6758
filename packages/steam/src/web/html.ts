/** The little HTML reading Steam pages need (no DOM: a few attributes and variables). */

import { parseJsonLossless } from '@toydesk/contract';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#34': '"',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const known = ENTITIES[name.toLowerCase()];
    if (known !== undefined) return known;
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The attributes of the first tag matching `tagPattern` (e.g. `div[^>]*id="profile_edit_config"`). */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const name = match[1];
    if (name) attributes[name.toLowerCase()] = decodeEntities(match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The JSON in `data-<name>` of the element with `id` (what cheerio's `.data()` reads). */
export function jsonDataAttribute<T>(html: string, id: string, name: string): T | null {
  const tag = html.match(new RegExp(`<[a-z]+[^>]*\\bid=["']${id}["'][^>]*>`, 'i'))?.[0];
  if (!tag) return null;
  const raw = attributesOf(tag)[`data-${name}`];
  if (raw === undefined) return null;
  try {
    // Embedded page JSON carries Steam IDs and asset ids, some as bare numbers.
    return parseJsonLossless(raw) as T;
  } catch {
    return null;
  }
}

export interface HtmlForm {
  action: string | null;
  method: string;
  inputs: [string, string][];
}

/** The form with `id`: its action, method and every input's name and value, in order. */
export function formById(html: string, id: string): HtmlForm | null {
  const match = html.match(new RegExp(`(<form[^>]*\\bid=["']${id}["'][^>]*>)([\\s\\S]*?)</form>`, 'i'));
  if (!match || !match[1]) return null;
  const attributes = attributesOf(match[1]);
  const inputs: [string, string][] = [];
  for (const input of (match[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const a = attributesOf(input[0]);
    if (a.name !== undefined) inputs.push([a.name, a.value ?? '']);
  }
  return { action: attributes.action ?? null, method: (attributes.method ?? 'GET').toUpperCase(), inputs };
}

/** The object literal assigned to a page variable: `var g_rgWalletInfo = {...};`. */
export function jsVariable<T>(html: string, name: string): T | null {
  const match = html.match(new RegExp(`\\b${name}\\s*=\\s*(\\{[\\s\\S]*?\\});`));
  if (!match?.[1]) return null;
  try {
    return parseJsonLossless(match[1]) as T;
  } catch {
    return null;
  }
}
