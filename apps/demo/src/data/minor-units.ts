/**
 * Demo money is computed in integer minor units (kopecks, cents) and only turned into a decimal string
 * at the end, so no binary float artefact ever reaches the database.
 */

/** Rounds a computed amount to whole minor units, never below the given floor. */
export function toMinor(amount: number, floor = 1): number {
  return Math.max(floor, Math.round(amount));
}

/** 12345 -> "123.45" (exact: built from the integer, not from a float division). */
export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate as stored ("92.500000") in millionths, read from its text so no float is involved. */
export function rateToMicro(rate: string): number {
  const match = /^(\d+)(?:\.(\d{0,6})\d*)?$/.exec(rate.trim());
  if (!match) throw new Error(`not a rate: ${rate}`);
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
}

/** Kopecks to US cents at a rate of RUB per USD given in millionths, rounded half up. */
export function rubToUsdMinor(kopecks: number, usdToRubMicro: number): number {
  return Math.round((kopecks * 1_000_000) / usdToRubMicro);
}
