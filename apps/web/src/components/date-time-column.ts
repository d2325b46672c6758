import type { UiLang } from '@toydesk/contract';

import { formatDateTime } from '@/lib/format';

import type { VirtualColumn } from './virtual-table/virtual-table';

/** A column of a row's date-time field in the operator's language; an empty one is «—». */
export function dateTimeColumn<Field extends string>(
  field: Field,
  header: string,
  lang: UiLang,
  width = 150,
): VirtualColumn<Record<Field, string | null | undefined>> {
  return { id: field, header, width, render: (row) => formatDateTime(row[field], lang) };
}
