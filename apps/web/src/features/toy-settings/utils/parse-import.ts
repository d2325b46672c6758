import { toyEntity, type ToyCreate } from '@toydesk/contract';

/** One row of an import: the parsed toy, or why it could not be read. */
export interface ImportRow {
  line: number;
  toy: Partial<ToyCreate> & { market_hash_name: string };
  error?: string;
}

const IMPORT_FIELDS = new Set(
  Object.entries(toyEntity.fields)
    .filter(([, def]) => def.write !== null)
    .map(([name]) => name),
);

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

/** A text cell as the field's wire type: booleans, tag id lists, null for an empty nullable cell. */
function cellValue(name: string, raw: string): unknown {
  const def = toyEntity.fields[name as keyof typeof toyEntity.fields];
  const text = raw.trim();
  if (def.kind === 'bool') return ['1', 'true', 'yes', 'да'].includes(text.toLowerCase());
  if (def.kind === 'int_array')
    return text === ''
      ? []
      : text
          .split(/[;|\s]+/)
          .filter(Boolean)
          .map(Number);
  if (def.kind === 'fk') return text === '' ? null : Number(text);
  if (text === '') return def.optional ? null : '';
  return text;
}

function fromRecord(record: Record<string, unknown>, line: number): ImportRow {
  const name = typeof record.market_hash_name === 'string' ? record.market_hash_name.trim() : '';
  const toy: Record<string, unknown> = { market_hash_name: name };
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key === 'market_hash_name') continue;
    if (!IMPORT_FIELDS.has(key)) unknown.push(key);
    else toy[key] = typeof value === 'string' ? cellValue(key, value) : value;
  }
  const row: ImportRow = { line, toy: toy as ImportRow['toy'] };
  if (!name) row.error = 'market_hash_name';
  else if (unknown.length > 0) row.error = `unknown: ${unknown.join(', ')}`;
  return row;
}

/**
 * The import text as toys: a JSON array of objects, or CSV with a header line (comma, semicolon or tab);
 * a text without a header of known fields is one market hash name per line.
 */
export function parseImport(text: string): ImportRow[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const parsed: unknown = JSON.parse(trimmed);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.map((item, index) =>
      typeof item === 'string'
        ? fromRecord({ market_hash_name: item }, index + 1)
        : typeof item === 'object' && item !== null
          ? fromRecord(item as Record<string, unknown>, index + 1)
          : { line: index + 1, toy: { market_hash_name: '' }, error: 'object' },
    );
  }
  const lines = trimmed.split(/\r?\n/);
  const first = lines[0] ?? '';
  const separator = first.includes('\t') ? '\t' : first.includes(';') ? ';' : ',';
  const header = splitCsvLine(first, separator).map((cell) => cell.trim());
  if (!header.includes('market_hash_name')) {
    // Market hash names hold commas, so a headerless list is read line by line.
    return lines
      .map((line, index) => ({ line: index + 1, name: line.trim() }))
      .filter((row) => row.name !== '')
      .map((row) => fromRecord({ market_hash_name: row.name }, row.line));
  }
  return lines.slice(1).flatMap((line, index) => {
    if (line.trim() === '') return [];
    const cells = splitCsvLine(line, separator);
    const record = Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
    return [fromRecord(record, index + 2)];
  });
}

/** The server's 400 for a bulk body ({"3": {"field": ["..."]}}) as messages per row index. */
export function rowErrorsFromBody(body: unknown): Map<number, string> {
  const out = new Map<number, string>();
  if (typeof body !== 'object' || body === null) return out;
  for (const [key, value] of Object.entries(body)) {
    if (!/^\d+$/.test(key) || typeof value !== 'object' || value === null) continue;
    const parts = Object.entries(value).map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
    );
    out.set(Number(key), parts.join('; '));
  }
  return out;
}
