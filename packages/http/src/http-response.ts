import { parseJsonLossless } from '@toydesk/contract';

import { HttpParseError } from './http-errors.ts';
import type { HttpResponse } from './http-request.ts';
import { parseJsonInSlices } from './parse-json-in-slices.ts';

/** How much of a body that is not JSON a parse error keeps: enough to recognise an nginx error page. */
export const PARSE_ERROR_BODY_LIMIT = 200;

/**
 * From this many characters on, jsonAsync() parses in slices. Below it one JSON.parse is faster than the
 * walk and holds the loop for a few milliseconds at most (1 MB: about 8 ms on a quiet machine).
 */
export const SLICED_JSON_MIN_CHARS = 1024 * 1024;

export interface ResponseParts {
  status: number;
  statusText: string;
  headers: Headers;
  /** The decoded body in the pieces it came in (see decodeBody); joined they are the whole text. */
  body: readonly string[];
}

export function createHttpResponse(
  parts: ResponseParts,
  meta: { call: string | null; method: string; readonly url: string },
  attempts: number,
): HttpResponse {
  const { body, ...head } = parts;
  const chars = body.reduce((sum, piece) => sum + piece.length, 0);
  // Joined only when asked for: jsonAsync() reads a large body from its pieces instead.
  let text: string | undefined;
  const wholeText = () => (text ??= body.length === 1 ? body[0]! : body.join(''));
  const parseError = (cause: unknown) =>
    new HttpParseError(
      {
        code: 'ERR_PARSE',
        call: meta.call,
        method: meta.method,
        url: meta.url,
        attempts,
        status: parts.status,
        statusText: parts.statusText,
        bodyText: firstChars(body, PARSE_ERROR_BODY_LIMIT),
        headers: parts.headers,
        cause,
      },
      body.every((piece) => piece.trim() === '') ? 'empty body, JSON expected' : 'body is not JSON',
    );
  const json = <T>(): T => {
    try {
      // Marketplace answers carry 64-bit ids (asset, offer, listing, order ids), often as bare numbers.
      return parseJsonLossless(wholeText()) as T;
    } catch (error) {
      throw parseError(error);
    }
  };
  return {
    ...head,
    get text() {
      return wholeText();
    },
    // Read lazily: the redacted URL is computed only if someone looks at it.
    get url() {
      return meta.url;
    },
    attempts,
    json,
    async jsonAsync<T = unknown>(): Promise<T> {
      if (chars < SLICED_JSON_MIN_CHARS) return json<T>();
      try {
        return (await parseJsonInSlices(body)) as T;
      } catch (error) {
        throw parseError(error);
      }
    },
  };
}

/** The body's first `limit` characters, without joining the rest. */
function firstChars(body: readonly string[], limit: number): string {
  let out = '';
  for (const piece of body) {
    if (out.length >= limit) break;
    out += piece.slice(0, limit - out.length);
  }
  return out;
}
