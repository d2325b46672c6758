import { parseJsonLossless } from '@toydesk/contract';

import { HttpParseError } from './http-errors.ts';
import type { HttpResponse } from './http-request.ts';

/** How much of a body that is not JSON a parse error keeps: enough to recognise an nginx error page. */
export const PARSE_ERROR_BODY_LIMIT = 200;

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
  return {
    ...parts,
    // Read lazily: the redacted URL is computed only if someone looks at it.
    get url() {
      return meta.url;
    },
    attempts,
    json<T = unknown>(): T {
      try {
        // Marketplace answers carry 64-bit ids (asset, offer, listing, order ids), often as bare numbers.
        return parseJsonLossless(parts.text) as T;
      } catch (error) {
        throw new HttpParseError(
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
            cause: error,
          },
          parts.text.trim() === '' ? 'empty body, JSON expected' : 'body is not JSON',
        );
      }
    },
  };
}
