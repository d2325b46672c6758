import { UTF8_BOM, csvLine } from '@toydesk/api-kit';
import { DAILY_REPORT_CSV_COLUMNS, type DailyReport, utcDayBefore, utcToday } from '@toydesk/contract';
import { dailyReport } from '@toydesk/db';

import type { ApiHandlers } from '../handler.ts';

/**
 * The CSV of a report: a `row` column (account | total) and then the JSON field names, whatever the
 * operator's language, so a script reads the columns by name; the totals are the last line.
 */
export function dailyReportCsv(report: DailyReport): string {
  const line = (kind: string, row: Record<string, unknown>) =>
    csvLine(DAILY_REPORT_CSV_COLUMNS.map((c) => (c === 'row' ? kind : row[c])));
  let text = UTF8_BOM + csvLine(DAILY_REPORT_CSV_COLUMNS);
  for (const row of report.rows) text += line('account', row);
  return text + line('total', report.totals);
}

/** `reports.daily` (issue 16): one UTC day's trading per market account, as JSON or a CSV file. */
export const dailyReportHandlers = {
  'reports.daily': async (ctx) => {
    const { date = utcDayBefore(utcToday()), format } = ctx.query;
    const report = await dailyReport(ctx.services.db, date);
    // Asked for by name (the console's «JSON» button), the JSON is a file too; a plain call just answers.
    if (format !== 'csv') {
      if (ctx.rawQuery.format === 'json')
        ctx.reply.header('content-disposition', `attachment; filename="daily-report-${date}.json"`);
      return report;
    }
    return ctx.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="daily-report-${date}.csv"`)
      .header('cache-control', 'no-store')
      .send(dailyReportCsv(report));
  },
} satisfies Partial<ApiHandlers>;
