/** Texts of job results, alerts and dry-run actions as sentences; ru.ts and en.ts take them as `jobResults`. */
export const ruJobResults = {};

export const enJobResults: typeof ruJobResults = {};
