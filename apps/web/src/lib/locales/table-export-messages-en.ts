import type { ruTableExport } from './table-export-messages';

export const enTableExport: typeof ruTableExport = {
  button: 'Export CSV',
  tooltip: 'Download every row of the list with the current filters and ordering ({{count}}) as a CSV file',
  failed: 'CSV export failed',
};
