import type { FieldMap } from '@toydesk/contract';

/** What an import reads: which columns it takes and how their text cells become wire values. */
export interface ImportSpec {
  /** Field definitions: the writable ones are the accepted columns, their kinds convert the cells. */
  fields: FieldMap;
  /**
   * The columns that name a row (a toy by market_hash_name, or by its id): at least one must be filled.
   * The first is what each line of a headerless list holds.
   */
  keys: readonly [string, ...string[]];
}

/** Why a row cannot be read; the dialog words it (field errors of readable rows come from its check). */
export type ImportIssue =
  | { kind: 'missing_key'; fields: readonly string[] }
  | { kind: 'unknown_columns'; fields: string[] }
  | { kind: 'not_object' };

/** One row of an import: its line (or position in a JSON array) and the values read from it. */
export interface ImportRow {
  line: number;
  values: Record<string, unknown>;
  issue?: ImportIssue;
}

/** A CSV line split on the separator, honouring "quoted, fields" and "" escapes. */
export function splitCsvLine(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      out.push(cell);
      cell = '';
    } else cell += char;
  }
  out.push(cell);
  return out;
}

/** A text cell as the field's wire type: booleans, id lists, numbers, null for an empty nullable cell. */
function cellValue(fields: FieldMap, name: string, raw: string): unknown {
  const def = fields[name]!;
  const text = raw.trim();
  if (def.kind === 'bool') return ['1', 'true', 'yes', 'да'].includes(text.toLowerCase());
  if (def.kind === 'int_array')
    return text === ''
      ? []
      : text
          .split(/[;|\s]+/)
          .filter(Boolean)
          .map(Number);
  // A market is a foreign key by code; every other foreign key is an id.
  if (def.kind === 'fk' && !def.values) return text === '' ? null : Number(text);
  if (text === '') return def.optional ? null : '';
  // A spreadsheet in a Russian locale writes 950,50: the API wants 950.50.
  if (def.kind === 'money' || def.kind === 'rate') return text.replace(',', '.');
  return text;
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '';

function fromRecord(spec: ImportSpec, record: Record<string, unknown>, line: number): ImportRow {
  const values: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (spec.fields[key]?.write)
      values[key] = typeof value === 'string' ? cellValue(spec.fields, key, value) : value;
    else unknown.push(key);
  }
  // An empty key cell is no key at all: a file may name some rows by market hash name and others by id.
  for (const key of spec.keys) if (!filled(values[key])) delete values[key];
  const row: ImportRow = { line, values };
  if (!spec.keys.some((key) => key in values)) row.issue = { kind: 'missing_key', fields: spec.keys };
  else if (unknown.length > 0) row.issue = { kind: 'unknown_columns', fields: unknown };
  return row;
}

/**
 * The import text as rows: a JSON array of objects, or CSV with a header line (comma, semicolon or tab);
 * a text whose first line names none of the key columns is one key (a market hash name) per line.
 */
export function parseImport(spec: ImportSpec, text: string): ImportRow[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const [firstKey] = spec.keys;
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const parsed: unknown = JSON.parse(trimmed);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.map((item: unknown, index): ImportRow => {
      if (typeof item === 'string') return fromRecord(spec, { [firstKey]: item }, index + 1);
      if (typeof item === 'object' && item !== null && !Array.isArray(item))
        return fromRecord(spec, item as Record<string, unknown>, index + 1);
      return { line: index + 1, values: {}, issue: { kind: 'not_object' } };
    });
  }
  const lines = trimmed.split(/\r?\n/);
  const first = lines[0] ?? '';
  const separator = first.includes('\t') ? '\t' : first.includes(';') ? ';' : ',';
  const header = splitCsvLine(first, separator).map((cell) => cell.trim());
  if (!spec.keys.some((key) => header.includes(key))) {
    // Market hash names hold commas, so a headerless list is read line by line.
    return lines
      .map((line, index) => ({ line: index + 1, key: line.trim() }))
      .filter((row) => row.key !== '')
      .map((row) => fromRecord(spec, { [firstKey]: row.key }, row.line));
  }
  return lines.slice(1).flatMap((line, index) => {
    if (line.trim() === '') return [];
    const cells = splitCsvLine(line, separator);
    const record = Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
    return [fromRecord(spec, record, index + 2)];
  });
}

/** The server's 400 for a bulk body ({"3": {"field": ["..."]}}) as messages per row index. */
export function rowErrorsFromBody(body: unknown): Map<number, string> {
  const out = new Map<number, string>();
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body)) {
    if (!/^\d+$/.test(key) || typeof value !== 'object' || value === null) continue;
    out.set(Number(key), fieldErrorsText(value as Record<string, unknown>));
  }
  return out;
}

/** Field errors ({"price_sell": ["..."]} or {"price_sell": "..."}) as one line naming each field. */
export function fieldErrorsText(errors: Record<string, unknown>): string {
  return Object.entries(errors)
    .map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
    )
    .join('; ');
}

/**
 * Rows a submit refused before or instead of the server (a toy id that names no toy), by the index of the
 * row among those sent, worded like the server's 400.
 */
export class ImportRowsError extends Error {
  constructor(readonly byRow: Map<number, string>) {
    super(`${byRow.size} rows refused`);
    this.name = 'ImportRowsError';
  }
}
