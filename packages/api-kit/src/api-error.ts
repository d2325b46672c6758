import { InvalidInput, RowNotFound } from '@toydesk/db/errors';
import type { z } from 'zod';

/** Django-REST-framework style error bodies: {"detail": "..."} or {"field": ["message", ...]}. */
export type FieldErrors = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const notFound = (detail = 'Не найдено. (Not found.)') => new ApiError(404, { detail });
export const badRequest = (errors: FieldErrors) => new ApiError(400, errors);
export const fieldError = (field: string, message: string) => new ApiError(400, { [field]: [message] });
/** A 400 naming one row of a bulk body (by its index) and the field that failed. */
export const rowError = (index: number, field: string, message: string) =>
  new ApiError(400, { [String(index)]: { [field]: [message] } });
export const forbidden = (detail: string) => new ApiError(403, { detail });
export const conflict = (detail: string) => new ApiError(409, { detail });
export const unavailable = (detail: string) => new ApiError(503, { detail });
export const unauthorized = (
  detail = 'Учетные данные не были предоставлены. (Authentication credentials were not provided.)',
) => new ApiError(401, { detail });

/**
 * Turns zod issues into DRF field errors. Nested paths become nested objects, so a bulk body's third row
 * reports as {"2": {"price": ["..."]}} and a top-level problem as {"non_field_errors": ["..."]}.
 */
export function zodToFieldErrors(error: z.ZodError, prefix: (string | number)[] = []): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    const message = issueMessage(issue);
    if (path.length === 0) {
      pushMessage(out, 'non_field_errors', message);
      continue;
    }
    let node: FieldErrors = out;
    for (let i = 0; i < path.length - 1; i += 1) {
      const key = String(path[i]);
      const existing = node[key];
      if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) node[key] = {};
      node = node[key] as FieldErrors;
    }
    pushMessage(node, String(path[path.length - 1]), message);
  }
  return out;
}

function pushMessage(node: FieldErrors, key: string, message: string) {
  const existing = node[key];
  if (Array.isArray(existing)) existing.push(message);
  else node[key] = [message];
}

function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Обязательное поле. (This field is required.)';
      if (issue.input === null) return 'Это поле не может быть пустым. (This field may not be null.)';
      return `Неверный тип: ожидается ${issue.expected}. (Expected ${issue.expected}.)`;
    case 'too_big':
      if (issue.origin === 'string')
        return `Не более ${String(issue.maximum)} символов. (No more than ${String(issue.maximum)} characters.)`;
      if (issue.origin === 'array')
        return `Не более ${String(issue.maximum)} элементов. (No more than ${String(issue.maximum)} items.)`;
      return `Не больше ${String(issue.maximum)}. (At most ${String(issue.maximum)}.)`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1)
        return 'Это поле не может быть пустым. (This field may not be blank.)';
      if (issue.origin === 'string')
        return `Не менее ${String(issue.minimum)} символов. (No fewer than ${String(issue.minimum)} characters.)`;
      if (issue.origin === 'array')
        return `Не менее ${String(issue.minimum)} элементов. (At least ${String(issue.minimum)} items.)`;
      return `Не меньше ${String(issue.minimum)}. (At least ${String(issue.minimum)}.)`;
    case 'invalid_value':
      return `Недопустимое значение, варианты: ${issue.values.map(String).join(', ')}. (Not a valid choice.)`;
    case 'invalid_format':
      return issue.message && !issue.message.startsWith('Invalid')
        ? issue.message
        : `Неверный формат (${issue.format}). (Invalid format.)`;
    default:
      return issue.message;
  }
}

export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  prefix: (string | number)[] = [],
): z.output<T> {
  // zod 4 leaves the failed input out of its issues unless asked; without it a wrong type (a string for a
  // number) could not be told from a missing field and was answered "This field is required.".
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw badRequest(zodToFieldErrors(result.error, prefix));
  return result.data;
}

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  message?: string;
  column?: string;
}

/**
 * Maps the database layer's refusals (InvalidInput: 400 with its field errors; RowNotFound: 404) and
 * PostgreSQL's integrity errors (both drivers expose the SQLSTATE as code: a 400 that names the field, so
 * that a foreign key to nothing or a duplicate never surfaces as a 500).
 */
export function mapDatabaseError(error: unknown): ApiError | null {
  if (error instanceof InvalidInput) return badRequest(error.errors);
  if (error instanceof RowNotFound) return notFound();
  if (typeof error !== 'object' || error === null) return null;
  const e = error as PgError;
  if (!e.code || e.code.length !== 5) return null;
  const keyMatch = /Key \(([^)]+)\)=\((.*)\)/.exec(e.detail ?? '');
  const columns = keyMatch?.[1]?.split(',').map((c) => c.trim().replace(/"/g, '')) ?? [];
  const value = keyMatch?.[2] ?? '';
  const field = columns.length === 1 ? columns[0]! : 'non_field_errors';
  switch (e.code) {
    case '23503':
      return badRequest({
        [field]: [
          `Недопустимый первичный ключ "${value}" - объект не существует. (Invalid pk "${value}" - object does not exist.)`,
        ],
      });
    case '23505':
      return badRequest({
        [field]: [
          `Запись с ${columns.join(', ')} = ${value} уже существует. (A record with this ${columns.join(', ')} already exists.)`,
        ],
      });
    case '23502':
      return badRequest({
        [e.column ?? 'non_field_errors']: ['Обязательное поле. (This field is required.)'],
      });
    case '22021':
    case '23514':
    case '22003':
    case '22001':
    case '22P02':
    case '22007':
    case '22008':
    case '2201X':
    case '2201W':
      return badRequest({
        non_field_errors: [`Недопустимое значение. (Invalid value: ${e.message ?? e.code}.)`],
      });
    default:
      return null;
  }
}
