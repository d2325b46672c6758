/** Texts of CSV export of tables; ru.ts and en.ts take them as `tableExport`. */
export const ruTableExport = {
  button: 'Экспорт CSV',
  tooltip: 'Скачать все строки списка с текущими фильтрами и сортировкой ({{count}}) в CSV-файл',
  failed: 'Не удалось выгрузить CSV',
};

export const enTableExport: typeof ruTableExport = {
  button: 'Export CSV',
  tooltip: 'Download every row of the list with the current filters and ordering ({{count}}) as a CSV file',
  failed: 'CSV export failed',
};
