import type { FieldDef } from '@toydesk/contract';

/** Always-quoted identifiers: some column names ("group", "transaction") are SQL keywords. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function sqlType(def: FieldDef): string {
  switch (def.kind) {
    case 'id':
    case 'int':
      return 'integer';
    case 'fk':
      return def.references === 'market' ? 'text' : 'integer';
    case 'bool':
      return 'boolean';
    case 'money':
    case 'rate':
      return 'numeric';
    case 'datetime':
      return 'timestamptz';
    case 'date':
      return 'date';
    case 'json':
      return 'jsonb';
    case 'int_array':
      return 'integer[]';
    case 'text_array':
      return 'text[]';
    default:
      return 'text';
  }
}

/** Collects positional parameters while a statement is assembled. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
