import { mdiCheck, mdiMinus } from '@mdi/js';
import type { AnyFieldDef, EntityDef, UiLang } from '@toydesk/contract';
import type { TFunction } from 'i18next';

import type { CommonData } from '@/lib/common-data';
import { formatAmount, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { marketCurrency } from '@/lib/market-currency';

import { PlainIcon } from '../plain-icon';
import { StatusBadge } from '../status-chip';
import { TagChips } from '../tag-chips';
import type { VirtualColumn } from '../virtual-table/virtual-table';

export type EntityRow = Record<string, unknown>;

export interface EntityColumnContext {
  t: TFunction;
  lang: UiLang;
  common: CommonData | null;
  /** Whether a translation exists (enum values without one are shown as they are). */
  exists: (key: string) => boolean;
}

const WIDTHS: Partial<Record<AnyFieldDef['kind'], number>> = {
  id: 70,
  int: 90,
  bool: 80,
  money: 120,
  rate: 110,
  datetime: 140,
  date: 100,
  enum: 120,
  fk: 150,
  secret: 100,
  int_array: 180,
  json: 220,
};

const WIDE_TEXT = new Set([
  'market_hash_name',
  'ru_name',
  'label',
  'steam_account_name',
  'name',
  'comment',
  'notes',
]);

/** The header of a field: fields.<name> in the current language. */
export function fieldLabel(t: TFunction, name: string): string {
  return t(`fields.${name}`);
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function fkLabel(def: AnyFieldDef, value: unknown, common: CommonData | null): string {
  if (value === null || value === undefined) return '—';
  if (def.references === 'market')
    return common?.markets.find((m) => m.code === value)?.name ?? String(value);
  if (def.references === 'steam_account')
    return common?.steamAccounts.find((a) => a.id === value)?.steam_account_name ?? `#${String(value)}`;
  if (def.references === 'market_account') {
    for (const account of common?.steamAccounts ?? []) {
      const found = account.market_accounts.find((m) => m.id === value);
      if (found) return found.label;
    }
  }
  return `#${String(value)}`;
}

function renderCell(name: string, def: AnyFieldDef, row: EntityRow, ctx: EntityColumnContext) {
  const value = row[name];
  switch (def.kind) {
    case 'bool':
      return value ? (
        <PlainIcon path={mdiCheck} size={20} color="#2e7d32" title={ctx.t('common.yes')} />
      ) : (
        <PlainIcon path={mdiMinus} size={20} color="rgba(0, 0, 0, 0.26)" title={ctx.t('common.no')} />
      );
    case 'money':
      // A row without a currency of its own (a market toy, a dynamic-order setting) is in its market's.
      return formatAmount(
        value as string | null,
        typeof row.currency === 'string'
          ? row.currency
          : typeof row.market === 'string'
            ? marketCurrency(row.market)
            : 'RUB',
        ctx.lang,
      );
    case 'int':
      return typeof value === 'number' ? formatNumber(value, ctx.lang) : text(value);
    case 'datetime':
      return formatDateTime(value as string | null, ctx.lang);
    case 'date':
      return formatDate(value as string | null, ctx.lang);
    case 'enum': {
      if (typeof value !== 'string') return '—';
      if (name === 'status' || name.endsWith('_status'))
        return <StatusBadge value={value} label={ctx.t(`enums.status.${value}`, { defaultValue: value })} />;
      const key = `enums.${name}.${value}`;
      return ctx.exists(key) ? ctx.t(key) : value;
    }
    case 'fk':
      return fkLabel(def, value, ctx.common);
    case 'int_array':
      if (def.references === 'tag' && Array.isArray(value)) {
        const tags = ctx.common?.tags.filter((tag) => value.includes(tag.id)) ?? [];
        return <TagChips tags={tags} />;
      }
      return Array.isArray(value) ? value.join(', ') : '—';
    case 'text_array':
      return Array.isArray(value) ? value.join(', ') : '—';
    default:
      return text(value);
  }
}

export interface EntityColumnOptions {
  /** The fields to show, in this order; default every field. */
  fields?: readonly string[];
  exclude?: readonly string[];
}

/** One column per field of a contract entity, rendered by the field's kind. */
export function entityColumns(
  entity: EntityDef,
  ctx: EntityColumnContext,
  options: EntityColumnOptions = {},
): VirtualColumn<EntityRow>[] {
  const names = options.fields ?? Object.keys(entity.fields);
  const excluded = new Set(options.exclude ?? []);
  const columns: VirtualColumn<EntityRow>[] = [];
  for (const name of names) {
    const def = entity.fields[name];
    if (!def || excluded.has(name)) continue;
    const wide = (def.kind === 'text' || def.kind === 'computed') && WIDE_TEXT.has(name);
    columns.push({
      id: name,
      header: fieldLabel(ctx.t, name),
      width: wide ? 260 : (WIDTHS[def.kind] ?? 150),
      grow: wide ? 1 : 0,
      align:
        def.kind === 'money' || def.kind === 'int' || def.kind === 'rate'
          ? 'right'
          : def.kind === 'bool'
            ? 'center'
            : 'left',
      sortable: !['computed', 'json', 'int_array', 'text_array', 'secret'].includes(def.kind),
      render: (row) => renderCell(name, def, row, ctx),
    });
  }
  return columns;
}
