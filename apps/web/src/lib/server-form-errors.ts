import { ApiFailure } from './query';
import { fieldErrorsFromBody } from './request';

export interface ServerFormErrors {
  /** Messages of the form's own fields, by field name. */
  fields: Record<string, string>;
  /** Everything else (non_field_errors, fields the form does not show, a failure without a 400). */
  form: string | null;
}

/**
 * A failed save as a form shows it: a 400's field errors on the fields the form has, the rest above the
 * form (named by `labelOf` when given, so "Login: already taken" says which field it was). The bulk
 * endpoints name the fields under "fields" or at the top level: both are read. The request wrapper has
 * already notified the operator.
 */
export function serverFormErrors(
  error: unknown,
  formFields: Iterable<string>,
  labelOf?: (name: string) => string,
): ServerFormErrors {
  if (!(error instanceof ApiFailure && error.status === 400)) {
    return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  }
  const known = new Set(formFields);
  const top = fieldErrorsFromBody(error.errors);
  const nested = top.fields ? fieldErrorsFromBody((error.errors as Record<string, unknown>).fields) : {};
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries({ ...top, ...nested })) {
    const text = messages.join(' ');
    if (name === 'fields') continue;
    if (known.has(name)) fields[name] = text;
    else if (labelOf && name !== 'non_field_errors' && name !== 'detail')
      other.push(`${labelOf(name)}: ${text}`);
    else other.push(text);
  }
  return { fields, form: other.length > 0 ? other.join(' ') : null };
}
