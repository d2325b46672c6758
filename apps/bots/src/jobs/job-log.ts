import type { Queryable } from '@toydesk/db';

export type JobLogLevel = 'info' | 'warn' | 'error';

export interface JobLogLine {
  job_id: string;
  attempt: number;
  level: JobLogLevel;
  message: string;
}

/** The longest log line kept; longer messages are cut (a log line is not a place for bodies). */
const MAX_MESSAGE = 2000;

/** Appends log lines of one or many jobs in one statement. */
export async function appendJobLog(db: Queryable, lines: JobLogLine[]): Promise<void> {
  if (lines.length === 0) return;
  const rows = lines.map((l) => ({ ...l, message: l.message.slice(0, MAX_MESSAGE) }));
  await db.query(
    `INSERT INTO bot_job_log (job_id, attempt, level, message)
     SELECT x.job_id, x.attempt, x.level, x.message
     FROM jsonb_to_recordset($1::jsonb) AS x(job_id uuid, attempt integer, level text, message text)`,
    [JSON.stringify(rows)],
  );
}
