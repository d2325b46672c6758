import { performance } from 'node:perf_hooks';

import { parseJsonLossless } from '@toydesk/contract';

/**
 * parseJsonLossless for large documents (a 20 MB price list), giving the event loop back every few
 * milliseconds instead of holding it for the whole parse (168 ms at 20 MB on a quiet machine).
 *
 * Why not a worker thread: the parsed value has to come back to this thread, and deserializing a structured
 * clone of 100,000 objects costs more than JSON.parse itself (measured at 20 MB: 745-1,270 ms to deserialize
 * against 285-605 ms to parse), all of it on the loop again.
 *
 * How: a large array or object is walked here, only at its top level, to find where its elements (members)
 * end; runs of consecutive elements of about `batchChars` characters are handed to parseJsonLossless as one
 * `[...]` (`{...}`), so the engine's JSON.parse does the real work and decides what is valid. An element
 * that is itself larger than a batch is walked the same way. Between batches the loop gets a turn once
 * `sliceMs` has passed. The result is the same value parseJsonLossless(text) gives, or the same refusal
 * (a SyntaxError), which the property test pins.
 */
export async function parseJsonInSlices(text: string, options: SliceOptions = {}): Promise<unknown> {
  const parser = new SlicedParser(
    text,
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

function isJsonWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

interface Parsed {
  value: unknown;
  /** The index just past the value. */
  end: number;
}

class SlicedParser {
  private sliceStarted = performance.now();

  constructor(
    private readonly text: string,
    private readonly batchChars: number,
    private readonly sliceMs: number,
  ) {}

  async parseDocument(): Promise<unknown> {
    const { value, end } = await this.parseValue(this.skipWhitespace(0), 0);
    const after = this.skipWhitespace(end);
    if (after !== this.text.length) throw this.refusal('unexpected text after the JSON value', after);
    return value;
  }

  private async parseValue(start: number, depth: number): Promise<Parsed> {
    const deep = depth >= MAX_WALKED_DEPTH;
    const end = this.scanValue(start, deep ? Infinity : this.batchChars);
    if (end === start) throw this.refusal('a value expected', start);
    if (end !== -1) return { value: parseJsonLossless(this.text.slice(start, end)), end };
    // Never closed: JSON.parse refuses the rest as it would have refused the whole.
    if (deep) return { value: parseJsonLossless(this.text.slice(start)), end: this.text.length };
    return this.text.charCodeAt(start) === OPEN_BRACKET
      ? this.parseArray(start, depth)
      : this.parseObject(start, depth);
  }

  private async parseArray(start: number, depth: number): Promise<Parsed> {
    const { text } = this;
    const out: unknown[] = [];
    let i = this.skipWhitespace(start + 1);
    if (text.charCodeAt(i) === CLOSE_BRACKET) return { value: out, end: i + 1 };
    let batchStart = -1;
    let batchEnd = -1;
    const flush = async () => {
      if (batchStart === -1) return;
      const values = parseJsonLossless(`[${text.slice(batchStart, batchEnd)}]`) as unknown[];
      for (const value of values) out.push(value);
      batchStart = -1;
      await this.breathe();
    };
    for (;;) {
      const end = this.scanValue(i, this.batchChars);
      if (end === i) throw this.refusal('a value expected', i);
      if (end === -1) {
        await flush();
        const inner = await this.parseValue(i, depth + 1);
        out.push(inner.value);
        i = inner.end;
      } else {
        if (batchStart === -1) batchStart = i;
        batchEnd = end;
        i = end;
        if (batchEnd - batchStart >= this.batchChars) await flush();
      }
      i = this.skipWhitespace(i);
      const separator = text.charCodeAt(i);
      if (separator === CLOSE_BRACKET) {
        await flush();
        return { value: out, end: i + 1 };
      }
      if (separator !== COMMA) throw this.refusal('"," or "]" expected', i);
      i = this.skipWhitespace(i + 1);
    }
  }

  private async parseObject(start: number, depth: number): Promise<Parsed> {
    const { text } = this;
    const out: Record<string, unknown> = {};
    let i = this.skipWhitespace(start + 1);
    if (text.charCodeAt(i) === CLOSE_BRACE) return { value: out, end: i + 1 };
    let batchStart = -1;
    let batchEnd = -1;
    const flush = async () => {
      if (batchStart === -1) return;
      const part = parseJsonLossless(`{${text.slice(batchStart, batchEnd)}}`) as Record<string, unknown>;
      for (const key of Object.keys(part)) setMember(out, key, part[key]);
      batchStart = -1;
      await this.breathe();
    };
    for (;;) {
      if (text.charCodeAt(i) !== QUOTE) throw this.refusal('a member name expected', i);
      const keyEnd = this.stringEnd(i);
      let valueStart = this.skipWhitespace(keyEnd);
      if (text.charCodeAt(valueStart) !== COLON) throw this.refusal('":" expected', valueStart);
      valueStart = this.skipWhitespace(valueStart + 1);
      const end = this.scanValue(valueStart, this.batchChars);
      if (end === valueStart) throw this.refusal('a value expected', valueStart);
      if (end === -1) {
        await flush();
        // JSON.parse reads the name: it refuses what a name may not hold (raw control characters, bad escapes).
        const key = JSON.parse(text.slice(i, keyEnd)) as string;
        const inner = await this.parseValue(valueStart, depth + 1);
        setMember(out, key, inner.value);
        i = inner.end;
      } else {
        if (batchStart === -1) batchStart = i;
        batchEnd = end;
        i = end;
        if (batchEnd - batchStart >= this.batchChars) await flush();
      }
      i = this.skipWhitespace(i);
      const separator = text.charCodeAt(i);
      if (separator === CLOSE_BRACE) {
        await flush();
        return { value: out, end: i + 1 };
      }
      if (separator !== COMMA) throw this.refusal('"," or "}" expected', i);
      i = this.skipWhitespace(i + 1);
    }
  }

  /**
   * Where the value starting at `start` ends. An array or object is followed only for `limit` characters:
   * -1 says it is longer (or never closes) and is to be walked. Brackets are only counted here; whether
   * they pair up and what lies between is JSON.parse's to judge once the slice is handed to it.
   */
  private scanValue(start: number, limit: number): number {
    const { text } = this;
    const first = text.charCodeAt(start);
    if (first === QUOTE) return this.stringEnd(start);
    if (first !== OPEN_BRACKET && first !== OPEN_BRACE) return this.primitiveEnd(start);
    const stop = Math.min(text.length, start + limit);
    let depth = 0;
    let i = start;
    while (i < stop) {
      const c = text.charCodeAt(i);
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
    const { text } = this;
    let from = start + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      if (quote === -1) return text.length;
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** The end of a number, true, false or null: the next separator, bracket or whitespace. */
  private primitiveEnd(start: number): number {
    const { text } = this;
    let i = start;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE || isJsonWhitespace(c)) break;
      i += 1;
    }
    return i;
  }

  private skipWhitespace(from: number): number {
    let i = from;
    while (i < this.text.length && isJsonWhitespace(this.text.charCodeAt(i))) i += 1;
    return i;
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
