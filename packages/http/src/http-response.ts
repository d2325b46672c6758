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
  text: string;
}

export function createHttpResponse(
  parts: ResponseParts,
  meta: { call: string | null; method: string; readonly url: string },
  attempts: number,
): HttpResponse {
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
        bodyText: parts.text.slice(0, PARSE_ERROR_BODY_LIMIT),
        headers: parts.headers,
        cause,
      },
      parts.text.trim() === '' ? 'empty body, JSON expected' : 'body is not JSON',
    );
  const json = <T>(): T => {
    try {
      // Marketplace answers carry 64-bit ids (asset, offer, listing, order ids), often as bare numbers.
      return parseJsonLossless(parts.text) as T;
    } catch (error) {
      throw parseError(error);
    }
  };
  return {
    ...parts,
    // Read lazily: the redacted URL is computed only if someone looks at it.
    get url() {
      return meta.url;
    },
    attempts,
    json,
    async jsonAsync<T = unknown>(): Promise<T> {
      if (parts.text.length < SLICED_JSON_MIN_CHARS) return json<T>();
      try {
        return (await parseJsonInSlices(parts.text)) as T;
      } catch (error) {
        throw parseError(error);
      }
    },
  };
}
