import type { HttpRequest } from './http-request.ts';

export interface EncodedBody {
  body: string | Uint8Array | undefined;
  /** The content type the body implies, unless the caller sets one. */
  contentType: string | undefined;
}

/** Turns the request's json, form or raw body into bytes to send; at most one of them may be given. */
export function encodeBody(req: Pick<HttpRequest, 'json' | 'form' | 'body'>): EncodedBody {
  const given = [req.json !== undefined, req.form !== undefined, req.body !== undefined].filter(Boolean);
  if (given.length > 1) throw new TypeError('An HTTP request takes at most one of json, form and body');
  if (req.json !== undefined) {
    return { body: JSON.stringify(req.json), contentType: 'application/json' };
  }
  if (req.form !== undefined) {
    const pairs = Array.isArray(req.form) ? req.form : Object.entries(req.form);
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, String(value));
    return { body: params.toString(), contentType: 'application/x-www-form-urlencoded' };
  }
  return { body: req.body, contentType: undefined };
}

/** Whether a request carries a body in the sense of the retry rule (spec section 9). */
export function carriesBody(req: Pick<HttpRequest, 'method' | 'json' | 'form' | 'body'>): boolean {
  if (req.json !== undefined || req.form !== undefined || req.body !== undefined) return true;
  // A bodiless POST is still not idempotent: the method says the server may act on it.
  return req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
}
