import { z } from 'zod';

/** Today's UTC day as YYYY-MM-DD: the report's days are UTC days. */
export const utcToday = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The UTC day before `day` (YYYY-MM-DD). */
export const utcDayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The daily report's query: one UTC day (yesterday when absent), not later than today, as JSON or CSV.
 * The default is applied by the handler, so the schema stays a pure function of its input.
 */
export const dailyReportQuerySchema = z.object({
  date: z.iso
    .date()
    .refine((d) => d >= '2000-01-01', 'Must be 2000-01-01 or later.')
    .refine((d) => d <= utcToday(), 'Must not be in the future (UTC).')
    .optional()
    .describe('A UTC day, YYYY-MM-DD; yesterday (UTC) when absent'),
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .describe('csv: the rows and a totals line, columns named as the JSON fields, UTF-8 with BOM'),
});
export type DailyReportQuery = z.output<typeof dailyReportQuerySchema>;

const amount = z.string().describe('Decimal text');

/** The counts and RUB/USD sums every row and the totals carry. */
export const dailyReportSumsSchema = z.object({
  deals_bought: z.number().int().describe('Units bought that day'),
  deals_sold: z.number().int().describe('Units sold that day'),
  volume_bought_rub: amount.describe("Purchases at each deal's market rate of that day, in RUB"),
  volume_bought_usd: amount,
  volume_sold_rub: amount,
  volume_sold_usd: amount,
  fees_rub: amount.describe("The fee table's fees of that day's purchases and sales, in RUB"),
  fees_usd: amount,
  profit_rub: amount.describe('Realised profit of the units sold that day (matched to their purchase)'),
  profit_usd: amount,
  unbought_sales: z.number().int().describe('Sales that day with no purchase in the history: no profit'),
  failed_deliveries: z.number().int().describe('Deliveries that ended failed that day'),
  alerts: z.number().int().describe('Alerts first raised that day'),
});
export type DailyReportSums = z.output<typeof dailyReportSumsSchema>;

/** One market account (market and Steam account) and deal currency: what it did that day. */
export const dailyReportRowSchema = dailyReportSumsSchema.extend({
  market: z.string().nullable().describe('Null: a deal or alert with no market'),
  market_account: z.number().int().nullable(),
  steam_account: z.number().int().nullable(),
  steam_account_name: z.string().nullable(),
  currency: z
    .string()
    .nullable()
    .describe("The deals' currency (the market's); null on a row of alerts only"),
  volume_bought: amount.describe('Purchases in the currency of the row'),
  volume_sold: amount.describe('Sales in the currency of the row'),
});
export type DailyReportRow = z.output<typeof dailyReportRowSchema>;

export const dailyReportTotalsSchema = dailyReportSumsSchema.extend({
  failed_jobs: z
    .number()
    .int()
    .describe('Bot jobs that ended failed that day (not per account: a job names no market account)'),
});
export type DailyReportTotals = z.output<typeof dailyReportTotalsSchema>;

export const dailyReportResponseSchema = z.object({
  date: z.iso.date(),
  time_zone: z.literal('UTC'),
  from: z.iso.datetime().describe('The day starts (inclusive)'),
  to: z.iso.datetime().describe('The day ends (exclusive)'),
  rows: z.array(dailyReportRowSchema),
  totals: dailyReportTotalsSchema,
});
export type DailyReport = z.output<typeof dailyReportResponseSchema>;

/** The CSV's columns: `row` (account | total) then the row's JSON fields, so scripts read it by name. */
export const DAILY_REPORT_CSV_COLUMNS = ['row', ...Object.keys(dailyReportRowSchema.shape), 'failed_jobs'];
