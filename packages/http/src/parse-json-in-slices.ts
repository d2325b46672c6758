import { performance } from 'node:perf_hooks';

import { parseJsonLossless } from '@toydesk/contract';

/**
 * parseJsonLossless for large documents (a 20 MB price list), giving the event loop back every few
 * milliseconds instead of holding it for the whole parse (168 ms at 20 MB on a quiet machine), and reading
 * the text from the pieces it was decoded in, so the body is never joined into one 20 MB string (that join
 * and the collection it set off held the loop 190-260 ms under load).
 *
 * Why not a worker thread: the parsed value has to come back to this thread, and deserializing a structured
 * clone of 100,000 objects costs more than JSON.parse itself (measured at 20 MB: 745-1,270 ms to deserialize
 * against 285-605 ms to parse), all of it on the loop again.
 *
 * How: a large array or object is walked here, only at its top level, to find where its elements (members)
 * end, wherever the pieces split them; runs of consecutive elements of about `batchChars` characters are
 * handed to parseJsonLossless as one `[...]` (`{...}`), so the engine's JSON.parse does the real work and
 * decides what is valid. An element that is itself larger than a batch is walked the same way. Between
 * batches the loop gets a turn once `sliceMs` has passed. Only the text from the oldest element not yet
 * parsed on is kept. The result is the same value parseJsonLossless gives for the whole text, or the same
 * refusal (a SyntaxError), which the property test pins for every way of splitting the text.
 */
export async function parseJsonInSlices(
  text: string | Iterable<string>,
  options: SliceOptions = {},
): Promise<unknown> {
  const parser = new SlicedParser(
    typeof text === 'string' ? [text] : text,
    options.batchChars ?? DEFAULT_BATCH_CHARS,
    options.sliceMs ?? DEFAULT_SLICE_MS,
  );
  return parser.parseDocument();
}

export interface SliceOptions {
  /** About how many characters one JSON.parse call gets (default 64 Ki). */
  batchChars?: number;
  /** How long the parse may hold the loop before it gives it a turn (default 5 ms). */
  sliceMs?: number;
}

export const DEFAULT_BATCH_CHARS = 64 * 1024;
export const DEFAULT_SLICE_MS = 5;
/**
 * Nesting past this many large levels is parsed in one piece: no price list is that deep, and walking it
 * level by level would only build a deep async stack for a document nobody sends.
 */
const MAX_WALKED_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
/** What `at` answers past the end of the text. */
const END = -1;

function isJsonWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

interface Parsed {
  value: unknown;
  /** The position just past the value. */
  end: number;
}

/**
 * Positions are counted from the start of the whole text. `buf` holds the text from `base` on: the pieces
 * read so far, less what lies before `keep` (nothing before it is looked at again).
 */
class SlicedParser {
  private sliceStarted = performance.now();
  private readonly pieces: Iterator<string>;
  private buf = '';
  private base = 0;
  private keep = 0;

  constructor(
    pieces: Iterable<string>,
    private readonly batchChars: number,
    private readonly sliceMs: number,
  ) {
    this.pieces = pieces[Symbol.iterator]();
  }

  async parseDocument(): Promise<unknown> {
    const { value, end } = await this.parseValue(this.skipWhitespace(0), 0);
    const after = this.skipWhitespace(end);
    if (this.at(after) !== END) throw this.refusal('unexpected text after the JSON value', after);
    return value;
  }

  private async parseValue(start: number, depth: number): Promise<Parsed> {
    this.keep = start;
    const deep = depth >= MAX_WALKED_DEPTH;
    const end = this.scanValue(start, deep ? Infinity : this.batchChars);
    if (end === start) throw this.refusal('a value expected', start);
    if (end !== -1) return { value: parseJsonLossless(this.slice(start, end)), end };
    if (deep) {
      // Never closed: JSON.parse refuses the rest as it would have refused the whole.
      while (this.more());
      const textEnd = this.base + this.buf.length;
      return { value: parseJsonLossless(this.slice(start, textEnd)), end: textEnd };
    }
    return this.walk(start, depth);
  }

  /**
   * An array or object too large for one batch (or never closed), element by element. Arrays and objects
   * differ only in the member name before each value and the brackets.
   */
  private async walk(start: number, depth: number): Promise<Parsed> {
    const isArray = this.at(start) === OPEN_BRACKET;
    const close = isArray ? CLOSE_BRACKET : CLOSE_BRACE;
    const items: unknown[] = [];
    const members: Record<string, unknown> = {};
    const value = isArray ? items : members;
    let i = this.skipWhitespace(start + 1);
    if (this.at(i) === close) return { value, end: i + 1 };
    let batchStart = -1;
    let batchEnd = -1;
    const flush = async () => {
      if (batchStart === -1) return;
      const batch = this.slice(batchStart, batchEnd);
      if (isArray) {
        for (const item of parseJsonLossless(`[${batch}]`) as unknown[]) items.push(item);
      } else {
        const part = parseJsonLossless(`{${batch}}`) as Record<string, unknown>;
        for (const key of Object.keys(part)) setMember(members, key, part[key]);
      }
      batchStart = -1;
      this.keep = batchEnd;
      await this.breathe();
    };
    for (;;) {
      const memberStart = i;
      if (batchStart === -1) this.keep = memberStart;
      let nameEnd = -1;
      if (!isArray) {
        if (this.at(i) !== QUOTE) throw this.refusal('a member name expected', i);
        nameEnd = this.stringEnd(i);
        i = this.skipWhitespace(nameEnd);
        if (this.at(i) !== COLON) throw this.refusal('":" expected', i);
        i = this.skipWhitespace(i + 1);
      }
      const end = this.scanValue(i, this.batchChars);
      if (end === i) throw this.refusal('a value expected', i);
      if (end === -1) {
        await flush();
        // JSON.parse reads the name: it refuses what a name may not hold (raw control characters, bad escapes).
        const name = isArray ? null : (JSON.parse(this.slice(memberStart, nameEnd)) as string);
        const inner = await this.parseValue(i, depth + 1);
        if (name === null) items.push(inner.value);
        else setMember(members, name, inner.value);
        i = inner.end;
      } else {
        if (batchStart === -1) batchStart = memberStart;
        batchEnd = end;
        i = end;
        if (batchEnd - batchStart >= this.batchChars) await flush();
      }
      i = this.skipWhitespace(i);
      const separator = this.at(i);
      if (separator === close) {
        await flush();
        return { value, end: i + 1 };
      }
      if (separator !== COMMA) throw this.refusal(`"," or "${isArray ? ']' : '}'}" expected`, i);
      i = this.skipWhitespace(i + 1);
    }
  }

  /**
   * Where the value starting at `start` ends. An array or object is followed only for `limit` characters:
   * -1 says it is longer (or never closes) and is to be walked. Brackets are only counted here; whether
   * they pair up and what lies between is JSON.parse's to judge once the slice is handed to it.
   */
  private scanValue(start: number, limit: number): number {
    const first = this.at(start);
    if (first === QUOTE) return this.stringEnd(start);
    if (first !== OPEN_BRACKET && first !== OPEN_BRACE) return this.primitiveEnd(start);
    const stop = start + limit;
    let depth = 0;
    let i = start;
    while (i < stop) {
      const c = this.at(i);
      if (c === END) return -1;
      if (c === QUOTE) {
        i = this.stringEnd(i);
        continue;
      }
      if (c === OPEN_BRACKET || c === OPEN_BRACE) depth += 1;
      else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
      i += 1;
    }
    return -1;
  }

  /** Just past the string's closing quote (the text's end when it has none: JSON.parse then refuses it). */
  private stringEnd(start: number): number {
    let from = start + 1;
    for (;;) {
      const found = this.buf.indexOf('"', from - this.base);
      if (found === -1) {
        const loaded = this.base + this.buf.length;
        if (!this.more()) return loaded;
        // A quote may be the first character of the new piece: search on from where the old one ended.
        from = Math.max(from, loaded);
        continue;
      }
      const quote = this.base + found;
      // The backslashes before it are inside the string, so never before `keep`.
      let backslashes = 0;
      while (this.at(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** The end of a number, true, false or null: the next separator, bracket or whitespace. */
  private primitiveEnd(start: number): number {
    let i = start;
    for (;;) {
      const c = this.at(i);
      if (c === END || c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE || isJsonWhitespace(c)) {
        return i;
      }
      i += 1;
    }
  }

  private skipWhitespace(from: number): number {
    let i = from;
    while (isJsonWhitespace(this.at(i))) i += 1;
    return i;
  }

  /** The character code at `position`, reading more pieces as needed; END past the text's end. */
  private at(position: number): number {
    const i = position - this.base;
    if (i < this.buf.length) return this.buf.charCodeAt(i);
    while (this.more()) {
      if (position - this.base < this.buf.length) return this.buf.charCodeAt(position - this.base);
    }
    return END;
  }

  /** The text between two positions already read. */
  private slice(from: number, to: number): string {
    return this.buf.slice(from - this.base, to - this.base);
  }

  /** Appends the next non-empty piece, first dropping the text before `keep`; false at the end. */
  private more(): boolean {
    for (;;) {
      const next = this.pieces.next();
      if (next.done === true) return false;
      if (next.value === '') continue;
      const drop = this.keep - this.base;
      if (drop > 0) {
        this.buf = this.buf.slice(drop);
        this.base = this.keep;
      }
      this.buf += next.value;
      return true;
    }
  }

  /** Gives the loop a turn (timers, I/O) once this slice has run `sliceMs`. */
  private async breathe(): Promise<void> {
    if (performance.now() - this.sliceStarted < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStarted = performance.now();
  }

  private refusal(what: string, at: number): SyntaxError {
    return new SyntaxError(`${what} in JSON at position ${at}`);
  }
}

/** As JSON.parse sets a member: `__proto__` becomes an own property, not the object's prototype. */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
