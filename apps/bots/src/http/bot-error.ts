import type { z } from 'zod';

/** An answer other than success, with a Django-REST-framework body: {"detail": ...} or field errors. */
export class BotError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
    this.name = 'BotError';
  }
}

export const notFound = (detail = 'Не найдено. (Not found.)') => new BotError(404, { detail });
export const conflict = (detail: string) => new BotError(409, { detail });
export const unavailable = (detail: string) => new BotError(503, { detail });
export const fieldError = (field: string, message: string) => new BotError(400, { [field]: [message] });

/** zod issues as DRF field errors: {"field": ["message"]}, nested paths as nested objects. */
export function badRequest(error: z.ZodError): BotError {
  const out: Record<string, unknown> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (path.length === 0) path.push('non_field_errors');
    let node = out;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
    const list = Array.isArray(node[last]) ? (node[last] as string[]) : [];
    list.push(issue.message);
    node[last] = list;
  }
  return new BotError(400, out);
}
