import type { AnyFieldDef, EntityDef, FieldMap } from '@toydesk/contract';

/**
 * Form values of a contract entity and the request bodies made from them. A form keeps text for text-like
 * fields, booleans for checkboxes and id lists for tags; the body gets the wire types. Secrets are
 * write-only: the form starts them empty and an empty secret is left out, so the stored one stays.
 */
export type FormValue = string | boolean | number[] | string[];
export type FormValues = Record<string, FormValue>;

function acceptsNull(def: AnyFieldDef): boolean {
  return def.write?.safeParse(null).success ?? false;
}

export function writableFieldNames(entity: EntityDef): string[] {
  return Object.entries(entity.fields)
    .filter(([, def]) => def.write !== null)
    .map(([name]) => name);
}

function initialValue(def: AnyFieldDef, value: unknown): FormValue {
  switch (def.kind) {
    case 'bool':
      return value === true;
    case 'int_array':
      return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
    case 'text_array':
      return Array.isArray(value) ? value.map(String) : [];
    case 'secret':
      return '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** The form's starting values: a record's values, or empty ones for a new record. */
export function initialFormValues<F extends FieldMap>(
  entity: EntityDef<F>,
  record?: Partial<Record<keyof F, unknown>>,
): FormValues {
  const values: FormValues = {};
  for (const name of writableFieldNames(entity)) {
    const def = entity.fields[name];
    if (def) values[name] = initialValue(def, record?.[name as keyof F]);
  }
  return values;
}

/** A form value as the wire carries it; undefined means "leave it out of the body". */
function wireValue(def: AnyFieldDef, value: FormValue): unknown {
  if (typeof value === 'boolean' || Array.isArray(value)) return value;
  const text = value.trim();
  switch (def.kind) {
    case 'secret':
      return text === '' ? undefined : value;
    case 'int':
    case 'fk':
      if (text === '') return acceptsNull(def) ? null : undefined;
      return /^-?\d+$/.test(text) ? Number(text) : text;
    case 'money':
    case 'rate':
    case 'enum':
    case 'date':
    case 'datetime':
      if (text === '') return acceptsNull(def) ? null : undefined;
      return text;
    default:
      if (text === '') return acceptsNull(def) ? null : def.optional ? undefined : '';
      return value;
  }
}

function sameValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The body of a create (every filled field) or of a PATCH (only the fields the operator changed, and
 * secrets only when typed).
 */
export function formToBody(
  entity: EntityDef,
  values: FormValues,
  mode: 'create' | 'patch',
  initial?: FormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of writableFieldNames(entity)) {
    const def = entity.fields[name];
    const value = values[name];
    if (!def || value === undefined) continue;
    if (mode === 'patch' && def.kind !== 'secret' && sameValue(value, initial?.[name])) continue;
    const wire = wireValue(def, value);
    if (wire !== undefined) body[name] = wire;
  }
  return body;
}
