import type { IncomingHttpHeaders } from 'node:http';

import { parseMultipart, type ParsedPart } from '@toydesk/steam/wire';

/** A request as the simulator's routes see it, independent of Fastify. */
export interface SimRequest {
  method: string;
  /** After the mount prefix, without the query. */
  path: string;
  /** Without `?`. */
  search: string;
  body: Buffer;
  headers: IncomingHttpHeaders;
  ip: string;
  /** `http://host:port/<prefix>`: for links and redirects the simulator hands out. */
  publicBase: string;
}

export interface SimContext extends SimRequest {
  query: URLSearchParams;
  /** Form fields (urlencoded or multipart), else {}. */
  form: Record<string, string>;
  files: ParsedPart[];
  cookies: Record<string, string>;
  params: Record<string, string>;
}

export interface SimReply {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string | string[]>;
}

export type SimOutcome = ({ kind: 'reply' } & SimReply) | { kind: 'drop' };

/** Thrown by guards and handlers to answer at once (a redirect to /login, a 403 page, a 400). */
export class ReplyError extends Error {
  constructor(readonly reply: SimReply) {
    super(`reply ${reply.status}`);
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

export function json(body: unknown, status = 200, headers?: Record<string, string | string[]>): SimReply {
  return { status, contentType: JSON_TYPE, body: JSON.stringify(body), ...(headers ? { headers } : {}) };
}

export function html(body: string, status = 200, headers?: Record<string, string | string[]>): SimReply {
  return { status, contentType: HTML_TYPE, body, ...(headers ? { headers } : {}) };
}

export function redirect(location: string, setCookies: string[] = [], status = 302): SimReply {
  return {
    status,
    contentType: HTML_TYPE,
    body: '',
    headers: { location, ...(setCookies.length ? { 'set-cookie': setCookies } : {}) },
  };
}

export function buildContext(request: SimRequest): SimContext {
  const contentType = String(request.headers['content-type'] ?? '');
  let form: Record<string, string> = {};
  let files: ParsedPart[] = [];
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    form = Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
  } else if (contentType.startsWith('multipart/form-data')) {
    const parts = parseMultipart(request.body, contentType);
    files = parts.filter((part) => part.filename !== null);
    form = Object.fromEntries(
      parts.filter((part) => part.filename === null).map((part) => [part.name, part.data.toString('utf8')]),
    );
  }
  return {
    ...request,
    query: new URLSearchParams(request.search),
    form,
    files,
    cookies: parseCookies(String(request.headers.cookie ?? '')),
    params: {},
  };
}

export function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/** A value from the form, else the query. */
export function param(ctx: SimContext, name: string): string | undefined {
  return ctx.form[name] ?? ctx.query.get(name) ?? undefined;
}

export function jsonBody(ctx: SimContext): Record<string, unknown> {
  const text = ctx.body.toString('utf8').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ReplyError(json({ error: 'the body must be JSON' }, 400));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ReplyError(json({ error: 'the body must be a JSON object' }, 400));
  }
  return value as Record<string, unknown>;
}
