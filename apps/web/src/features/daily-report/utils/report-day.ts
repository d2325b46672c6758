/** The report's days are UTC days, written YYYY-MM-DD. */
const DAY_MS = 86_400_000;

/** Today as a UTC day. */
export const todayUtc = (now: number = Date.now()): string => new Date(now).toISOString().slice(0, 10);

/** `day` moved by `days` (negative: earlier). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** What the date field may hold: a real calendar day, not after today. */
export function isReportDay(text: string, today: string = todayUtc()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text && text <= today;
}
