/** Texts of CSV export of tables; ru.ts and en.ts take them as `tableExport`. */
export const ruTableExport = {};

export const enTableExport: typeof ruTableExport = {};
