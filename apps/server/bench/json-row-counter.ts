/**
 * Counts the rows of a {…, "results": [ {…}, {…} ]} answer as it streams in, without keeping it: bytes,
 * the head (every key before "results", parsed) and the number of result objects.
 *
 * - "separators" counts `},{` with Buffer.indexOf (native speed, for the million-row list; valid when the
 *   rows hold no nested objects, as toy_history rows do not);
 * - "depth" follows strings and nesting byte by byte and counts the objects directly inside the results
 *   array (exact for any row shape; fine for answers of a few megabytes).
 */
export type CountMode = 'separators' | 'depth';

export interface CountedBody {
  bytes: number;
  rows: number;
  head: Record<string, unknown> | null;
  /** The body ended with "]}" as a finished list does. */
  complete: boolean;
  /** The body ended with "}" as any finished JSON object does (a summary that is not a list). */
  endsAsObject: boolean;
}

const SEPARATOR = Buffer.from('},{');
const RESULTS_KEY = '"results":[';
const HEAD_LIMIT = 64 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export class JsonRowCounter {
  private bytes = 0;
  private separators = 0;
  private carry = Buffer.alloc(0);
  private headText = '';
  private head: Record<string, unknown> | null = null;
  private headDone = false;
  /** The first non-space character after "results":[, once seen. */
  private firstAfterResults: string | null = null;
  private tail = '';
  // "depth" mode state
  private depthRows = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(readonly mode: CountMode) {}

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (!this.headDone || this.firstAfterResults === null) this.readHead(chunk);
    if (this.mode === 'separators') this.countSeparators(chunk);
    else this.countDepth(chunk);
    this.tail = (this.tail + chunk.subarray(Math.max(0, chunk.length - 8)).toString('latin1')).slice(-8);
  }

  finish(): CountedBody {
    const empty = this.firstAfterResults === null || this.firstAfterResults === ']';
    const rows = this.mode === 'separators' ? (empty ? 0 : this.separators + 1) : this.depthRows;
    return {
      bytes: this.bytes,
      rows,
      head: this.head,
      complete: this.tail.trimEnd().endsWith(']}'),
      endsAsObject: this.tail.trimEnd().endsWith('}'),
    };
  }

  private readHead(chunk: Buffer): void {
    if (!this.headDone) {
      this.headText += chunk.subarray(0, HEAD_LIMIT).toString('utf8');
      const at = this.headText.indexOf(RESULTS_KEY);
      if (at >= 0) {
        this.headDone = true;
        const before = this.headText.slice(0, at).replace(/,\s*$/, '');
        try {
          this.head = JSON.parse(`${before}}`) as Record<string, unknown>;
        } catch {
          this.head = null;
        }
        this.headText = this.headText.slice(at + RESULTS_KEY.length);
      } else if (this.headText.length > HEAD_LIMIT) {
        this.headDone = true;
        this.headText = '';
      }
    } else {
      this.headText += chunk.subarray(0, 16).toString('utf8');
    }
    if (this.headDone && this.firstAfterResults === null) {
      const first = this.headText.trimStart()[0];
      if (first !== undefined) {
        this.firstAfterResults = first;
        this.headText = '';
      }
    }
  }

  private countSeparators(chunk: Buffer): void {
    // A separator may straddle two chunks: scan the last two bytes of the previous chunk again.
    const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let at = data.indexOf(SEPARATOR);
    while (at >= 0) {
      this.separators += 1;
      at = data.indexOf(SEPARATOR, at + SEPARATOR.length);
    }
    this.carry = Buffer.from(data.subarray(Math.max(0, data.length - 2)));
  }

  private countDepth(chunk: Buffer): void {
    let { depth, inString, escaped, depthRows } = this;
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (c === OPEN_BRACE && depth === 2) depthRows += 1;
        depth += 1;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.depthRows = depthRows;
  }
}
