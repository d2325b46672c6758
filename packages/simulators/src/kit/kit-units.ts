/**
 * Exact decimal text ↔ integer units for the simulators (no binary float takes part): a market keeps every
 * amount as an integer count of its own unit (cents, or mils for Waxpeer and BitSkins) and converts at the
 * edge into what its wire carries (dollar floats, cent strings, formatted Steam prices).
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Digits after the point of a unit: 100 → 2, 1000 → 3. */
export function digitsOf(unitsPerMajor: number): number {
  const digits = Math.round(Math.log10(unitsPerMajor));
  if (10 ** digits !== unitsPerMajor) throw new RangeError(`units per major must be a power of 10`);
  return digits;
}

/**
 * A decimal amount in major units ("12.345", 12.34, "7") to integer units, rounded half-up at the unit;
 * null when it is not a plain decimal number. A JS number is read through its shortest decimal text.
 */
export function majorToUnits(value: unknown, unitsPerMajor: number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? numberText(value) : '') : value;
  if (typeof text !== 'string') return null;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const digits = digitsOf(unitsPerMajor);
  const [, minus, whole = '0', fraction = ''] = match;
  const kept = (fraction + '0'.repeat(digits)).slice(0, digits);
  let units = Number(whole) * unitsPerMajor + Number(kept || '0');
  if (fraction.length > digits && Number(fraction[digits]) >= 5) units += 1;
  if (!Number.isSafeInteger(units)) return null;
  return minus && units !== 0 ? -units : units;
}

/** Integer units to a decimal string in major units with all the unit's digits: 1234 mils → "1.234". */
export function unitsToDecimal(units: number, unitsPerMajor: number): string {
  const digits = digitsOf(unitsPerMajor);
  const negative = units < 0;
  const text = String(Math.abs(Math.trunc(units))).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** Integer units to the JS number a JSON float field carries: 1234 cents → 12.34. */
export function unitsToFloat(units: number, unitsPerMajor: number): number {
  return Number(unitsToDecimal(units, unitsPerMajor));
}

/** Converts integer units between unit sizes (cents ↔ mils), rounding half-up. */
export function rescaleUnits(units: number, from: number, to: number): number {
  if (from === to) return units;
  return to > from ? units * (to / from) : Math.round(units / (from / to));
}

/** Expands exponent notation (1e-7) that String() would produce for tiny or huge numbers. */
function numberText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}
