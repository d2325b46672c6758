import type { QueryParams } from '@/lib/query-string';

export interface AuditFilters {
  entity: string;
  action: string;
  /** Part of the operator's name. */
  operator: string;
  /** yyyy-mm-dd, inclusive, in the browser's time zone. */
  from: string;
  to: string;
}

function dayStart(day: string, offsetDays = 0): string | null {
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return null;
  date.setDate(date.getDate() + offsetDays);
  return date.toISOString();
}

/** The list filters of /api/audit/: exact entity and action, operator__icontains, an at range of whole days. */
export function auditQuery(filters: AuditFilters): QueryParams {
  const query: Record<string, string> = {};
  if (filters.entity) query.entity = filters.entity;
  if (filters.action) query.action = filters.action;
  if (filters.operator.trim()) query.operator__icontains = filters.operator.trim();
  const from = filters.from ? dayStart(filters.from) : null;
  if (from) query.at__gte = from;
  // The whole "to" day: before the next midnight.
  const to = filters.to ? dayStart(filters.to, 1) : null;
  if (to) query.at__lt = to;
  return query;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields a change touched (all of them for a create or delete), before and after as text. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names
    .filter((name) => !before || !after || shown(before[name]) !== shown(after[name]))
    .map((name) => ({ field: name, before: shown(before?.[name]), after: shown(after?.[name]) }));
}
