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
 * form. The request wrapper has already notified the operator.
 */
export function serverFormErrors(error: unknown, formFields: Iterable<string>): ServerFormErrors {
  if (!(error instanceof ApiFailure && error.status === 400)) {
    return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  }
  const known = new Set(formFields);
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrorsFromBody(error.errors))) {
    if (known.has(name)) fields[name] = messages.join(' ');
    else other.push(messages.join(' '));
  }
  return { fields, form: other.length > 0 ? other.join(' ') : null };
}
