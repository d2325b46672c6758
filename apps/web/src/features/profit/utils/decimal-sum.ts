/**
 * Sums and ratios of the server's decimal texts (2 decimals, any sign) in hundredths as bigint, so a sum
 * of amounts is exact rather than a float's.
 */
const CENTS = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/;

function toCents(text: string): bigint {
  const match = CENTS.exec(text.trim());
  if (!match) return 0n;
  const [, sign, whole, fraction = ''] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export function addDecimals(...texts: string[]): string {
  return fromCents(texts.reduce((sum, text) => sum + toCents(text), 0n));
}

/** part / whole in percent with one decimal; null when the whole is zero. */
export function percentOf(part: string, whole: string): number | null {
  const w = toCents(whole);
  if (w === 0n) return null;
  return Math.round((Number(toCents(part)) / Number(w)) * 1000) / 10;
}
