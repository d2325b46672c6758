/** Texts of CSV export of tables; ru.ts and en.ts take them as `tableExport`. */
export const ruTableExport = {
  button: 'Экспорт CSV',
  tooltip: 'Скачать все строки списка с текущими фильтрами и сортировкой ({{count}}) в CSV-файл',
  failed: 'Не удалось выгрузить CSV',
};
