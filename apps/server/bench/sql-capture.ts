import type { Database } from '@toydesk/db';

export interface CapturedQuery {
  sql: string;
  params: readonly unknown[];
}

/**
 * Records every statement the server sends through db.query while fn runs (the Database object is shared
 * with the booted services), so that the driver loop and EXPLAIN use exactly the server's SQL.
 */
export async function captureQueries<T>(
  db: Database,
  fn: () => Promise<T>,
): Promise<{ value: T; queries: CapturedQuery[] }> {
  const queries: CapturedQuery[] = [];
  const original = db.query;
  db.query = ((sql: string, params: readonly unknown[] = []) => {
    queries.push({ sql, params });
    return original(sql, params);
  }) as Database['query'];
  try {
    const value = await fn();
    return { value, queries };
  } finally {
    db.query = original;
  }
}

/** The captured statements that are not the per-request session lookup. */
export function withoutSessionLookup(queries: CapturedQuery[]): CapturedQuery[] {
  return queries.filter((q) => !q.sql.includes('FROM operator_session'));
}
