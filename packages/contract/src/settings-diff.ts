/**
 * The settings-diff helper of spec section 4: it tells which records of a freshly loaded list are new, gone
 * or still there, compared with the previous load. A record is identified by a hash of its watch fields, so
 * the caller chooses what "the same record" means (for example the account id and the market code).
 */

export const MISSING_WATCH_FIELDS_MESSAGE = 'Не заполнена watchOptions';

export interface SettingsDiff<T> {
  /** Records whose key was not in the previous snapshot. */
  added: T[];
  /** Records of the previous snapshot whose key is no longer there. */
  removed: T[];
  /**
   * Records whose key is in both, as they are now. The spec calls these "updated" although, the key being the
   * hash of the watch fields, their watch fields are the same by construction; nothing else is compared, so
   * a caller that needs to know whether other fields changed compares the two versions itself.
   */
  updated: T[];
  /** The keyed snapshot of the current records, to pass as `previous` next time. */
  snapshot: Record<string, T>;
}

export type SettingsDiffResult<T> = { success: false } | ({ success: true } & SettingsDiff<T>);

/**
 * SHA-1 in plain JS, so the same keys come out in the browser and in Node (no node:crypto, and the browser's
 * SubtleCrypto is asynchronous). It is a fingerprint here, not a security measure.
 */
export function sha1Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // Padding: a 1 bit, zeros up to 56 bytes mod 64, then the length in bits as a 64-bit big-endian integer.
  const paddedLength = Math.ceil((bytes.length + 9) / 64) * 64;
  const padded = new Uint8Array(paddedLength);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bitLength = bytes.length * 8;
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(paddedLength - 4, bitLength >>> 0);

  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const w = new Uint32Array(80);
  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!;
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let i = 0; i < 80; i++) {
      let f: number;
      let k: number;
      if (i < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (i < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const temp = (((a << 5) | (a >>> 27)) + f + e + k + w[i]!) >>> 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = temp;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  return [h0, h1, h2, h3, h4].map((h) => h.toString(16).padStart(8, '0')).join('');
}

/**
 * JSON with object keys sorted at every depth, so two equal values always give the same text. Like
 * JSON.stringify it answers undefined for undefined and functions, which arrays write as null and objects skip.
 */
function stableJson(value: unknown): string | undefined {
  if (Array.isArray(value)) return `[${value.map((item) => stableJson(item) ?? 'null').join(',')}]`;
  if (value !== null && typeof value === 'object' && typeof Reflect.get(value, 'toJSON') !== 'function') {
    const entries = Object.keys(value)
      .sort()
      .flatMap((key) => {
        const text = stableJson((value as Record<string, unknown>)[key]);
        return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
      });
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

function ownField(record: object, field: string): unknown {
  // Only the record's own data counts: an inherited member such as "constructor" is not a field.
  return Object.hasOwn(record, field) ? (record as Record<string, unknown>)[field] : undefined;
}

function assertWatchFields(
  watchFields: readonly string[] | undefined,
): asserts watchFields is readonly string[] {
  if (!Array.isArray(watchFields) || watchFields.length === 0) throw new Error(MISSING_WATCH_FIELDS_MESSAGE);
}

/**
 * The key of a record: SHA-1 of the JSON of [field, value] pairs in the given order. Pairs rather than an
 * object keep the caller's order even for numeric-looking field names; a missing field hashes as null.
 */
export function hashWatchFields(record: object, watchFields: readonly string[]): string {
  assertWatchFields(watchFields);
  const picked = watchFields.map((field) => [field, ownField(record, field) ?? null]);
  return sha1Hex(stableJson(picked) ?? 'null');
}

/**
 * Compares the records with the previous snapshot (none means everything is new). Two current records with
 * the same key are one record to the diff; the later one wins, at the position of the first.
 */
export function diffSettings<T extends object>(
  records: readonly T[],
  previous: Readonly<Record<string, T>> | undefined,
  watchFields: readonly (keyof T & string)[] | undefined,
): SettingsDiff<T> {
  assertWatchFields(watchFields);
  const current = new Map<string, T>();
  for (const record of records) current.set(hashWatchFields(record, watchFields), record);

  const before = previous ?? {};
  const added: T[] = [];
  const updated: T[] = [];
  for (const [key, record] of current) {
    if (Object.hasOwn(before, key)) updated.push(record);
    else added.push(record);
  }
  const removed = Object.keys(before)
    .filter((key) => !current.has(key))
    .map((key) => before[key]!);

  return { added, removed, updated, snapshot: Object.fromEntries(current) };
}

/**
 * Loads the list and diffs it. A failed load (success false, no list, or a throw) answers success false and
 * leaves the caller's snapshot alone, because reporting every record as removed would be wrong. Missing
 * watch fields are the caller's bug, not a load failure, so that error is thrown before anything is loaded.
 */
export async function diffSettingsFromLoader<T extends object>(
  load: () => Promise<{ success: boolean; data?: T[] }>,
  previous: Readonly<Record<string, T>> | undefined,
  watchFields: readonly (keyof T & string)[] | undefined,
): Promise<SettingsDiffResult<T>> {
  assertWatchFields(watchFields);
  let result: { success: boolean; data?: T[] };
  try {
    result = await load();
  } catch {
    return { success: false };
  }
  if (!result.success || !Array.isArray(result.data)) return { success: false };
  return { success: true, ...diffSettings(result.data, previous, watchFields) };
}
