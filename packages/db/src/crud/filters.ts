import type { FieldDef, ListQuery } from '@toydesk/contract';
import { hasNonStringValue, MONEY_PATTERN, queryValues } from '@toydesk/contract';

import { invalidField } from '../errors.ts';
import { escapeLike, sqlType, type Params } from './sql.ts';

/** Query keys that are not filters. */
export const RESERVED_QUERY_KEYS = new Set([
  'page',
  'page_size',
  'ordering',
  'search',
  'fields',
  'all',
  'format',
]);

/**
 * A field by a name from the query string: only the entity's own (`valueOf`, `constructor`, ... are the
 * prototype's and would reach the SQL as columns).
 */
export function ownField(fields: Record<string, FieldDef>, name: string): FieldDef | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

const RANGE_OPS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;
type Op = 'exact' | keyof typeof RANGE_OPS | 'isnull' | 'icontains';

/**
 * What ?search= matches: an SQL expression compared with ILIKE, or a function building the whole condition
 * from the pattern's parameter, for a match an index can answer (a subquery on a trigram-indexed column
 * instead of a correlated subquery per row).
 */
export type SearchTerm = string | ((pattern: string) => string);

export interface FilterContext {
  fields: Record<string, FieldDef>;
  /** SQL for a filterable name; defaults to the table column t."name". */
  columnSql: (name: string) => string | null;
  search: readonly SearchTerm[];
  params: Params;
  /** Filters the resource defines itself (for example steam accounts by market). */
  custom?: Record<string, (values: string[], params: Params) => string>;
  /** When true, a query key that is neither a filter nor reserved is a 400 (bulk updates by query). */
  strict?: boolean;
}

const TRUE_VALUES = new Set(['true', 'True', '1']);
const FALSE_VALUES = new Set(['false', 'False', '0']);

function coerce(key: string, def: FieldDef, raw: string, op: Op): unknown {
  const fail = (message: string) => invalidField(key, message);
  if (op === 'isnull') {
    if (TRUE_VALUES.has(raw)) return true;
    if (FALSE_VALUES.has(raw)) return false;
    throw fail('Ожидается true или false. (Expected true or false.)');
  }
  if (op === 'icontains') return raw;
  switch (def.kind) {
    case 'id':
    case 'int':
      if (!/^-?\d{1,10}$/.test(raw) || Math.abs(Number(raw)) > 2147483647)
        throw fail('Введите целое число. (A valid integer is required.)');
      return Number(raw);
    case 'fk':
      if (def.references === 'market') break;
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647)
        throw fail('Введите целое число. (A valid integer is required.)');
      return Number(raw);
    case 'int_array':
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > 2147483647)
        throw fail('Введите целое число. (A valid integer is required.)');
      return Number(raw);
    case 'bool':
      if (TRUE_VALUES.has(raw)) return true;
      if (FALSE_VALUES.has(raw)) return false;
      throw fail('Ожидается true или false. (Expected true or false.)');
    case 'money':
    case 'rate':
      if (!MONEY_PATTERN.test(raw) && !/^-?\d{1,12}(\.\d{1,6})?$/.test(raw))
        throw fail('Введите число. (A valid number is required.)');
      return raw;
    case 'datetime': {
      const date = new Date(raw);
      if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(date.getTime()))
        throw fail(
          'Неверный формат даты и времени, нужен ISO 8601. (Datetime has wrong format; use ISO 8601.)',
        );
      return date.toISOString();
    }
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(new Date(raw).getTime()))
        throw fail('Неверный формат даты, нужен YYYY-MM-DD. (Date has wrong format; use YYYY-MM-DD.)');
      return raw;
    default:
      break;
  }
  if (def.values && op === 'exact' && !def.values.includes(raw)) {
    throw fail(`Выберите корректный вариант. ${raw} нет среди допустимых значений. (Select a valid choice.)`);
  }
  return raw;
}

const RANGE_KINDS = new Set<FieldDef['kind']>(['id', 'int', 'money', 'rate', 'datetime', 'date']);

/** Which lookups a field supports: ranges on numbers and dates, icontains on text, isnull on optional fields. */
function opAllowed(def: FieldDef, op: Op): boolean {
  if (def.kind === 'secret' || def.kind === 'json' || def.kind === 'computed') return false;
  if (op === 'exact') return true;
  if (op === 'isnull') return def.optional && def.kind !== 'int_array' && def.kind !== 'text_array';
  if (op === 'icontains') return def.kind === 'text' || def.kind === 'enum';
  if (Object.hasOwn(RANGE_OPS, op))
    return RANGE_KINDS.has(def.kind) || (def.kind === 'fk' && def.references !== 'market');
  return false;
}

/** Builds the WHERE clauses of a list from DRF-style query filters: field, field__gte, field__isnull... */
export function buildFilters(query: ListQuery, ctx: FilterContext): string[] {
  const clauses: string[] = [];
  const { params } = ctx;
  for (const key of Object.keys(query)) {
    if (RESERVED_QUERY_KEYS.has(key)) continue;
    const values = queryValues(query, key);
    // A nested value under a filter's name can never be a filter; ignoring it would widen a bulk update.
    const nested = () => invalidField(key, 'Неверное значение фильтра. (Invalid filter value.)');
    const custom = ctx.custom && Object.hasOwn(ctx.custom, key) ? ctx.custom[key] : undefined;
    if (custom) {
      if (hasNonStringValue(query, key)) throw nested();
      if (values.length > 0) clauses.push(custom(values, params));
      continue;
    }
    const [name, opText] = key.split('__', 2) as [string, string | undefined];
    const op = (opText ?? 'exact') as Op;
    const def = ownField(ctx.fields, name);
    const column = def ? ctx.columnSql(name) : null;
    const usable = def && column && opAllowed(def, op);
    if (!usable || !def || !column) {
      if (ctx.strict) throw invalidField(key, 'Неизвестный фильтр. (Unknown filter.)');
      continue;
    }
    if (hasNonStringValue(query, key)) throw nested();
    if (values.length === 0) continue;
    if (op === 'isnull') {
      clauses.push(`${column} IS ${coerce(key, def, values[0]!, op) ? '' : 'NOT '}NULL`);
      continue;
    }
    if (op === 'icontains') {
      clauses.push(`${column}::text ILIKE ${params.add(`%${escapeLike(values[0]!)}%`)}`);
      continue;
    }
    if (Object.hasOwn(RANGE_OPS, op)) {
      const value = coerce(key, def, values[values.length - 1]!, op);
      clauses.push(
        `${column} ${RANGE_OPS[op as keyof typeof RANGE_OPS]} ${params.add(value)}::${sqlType(def)}`,
      );
      continue;
    }
    const coerced = values.map((v) => coerce(key, def, v, op));
    if (def.kind === 'int_array' || def.kind === 'text_array') {
      clauses.push(`${column} && ${params.add(coerced)}::${sqlType(def)}`);
    } else if (coerced.length === 1) {
      clauses.push(`${column} = ${params.add(coerced[0])}::${sqlType(def)}`);
    } else {
      clauses.push(`${column} = ANY(${params.add(coerced)}::${sqlType(def)}[])`);
    }
  }
  const search = queryValues(query, 'search')[0]?.trim();
  if (search && ctx.search.length > 0) {
    const p = params.add(`%${escapeLike(search)}%`);
    const terms = ctx.search.map((s) => (typeof s === 'string' ? `${s} ILIKE ${p}` : s(p)));
    clauses.push(`(${terms.join(' OR ')})`);
  }
  return clauses;
}

/** DRF ordering: "name,-id"; unknown names are ignored as DRF does; id breaks ties for stable pages. */
export function buildOrdering(
  raw: string | undefined,
  allowed: (name: string) => string | null,
  fallback: string,
): string {
  const parts: string[] = [];
  for (const token of (raw ?? fallback).split(',')) {
    const name = token.trim().replace(/^-/, '');
    const column = name ? allowed(name) : null;
    if (column) parts.push(`${column} ${token.trim().startsWith('-') ? 'DESC' : 'ASC'}`);
  }
  if (parts.length === 0 && raw !== undefined) return buildOrdering(undefined, allowed, fallback);
  const idColumn = allowed('id');
  if (idColumn && !parts.some((p) => p.startsWith(`${idColumn} `))) parts.push(`${idColumn} ASC`);
  return parts.join(', ');
}
