import Big from 'big.js';

/**
 * Money at the edge of a marketplace client: the wire's own unit (cents, mils, dollar floats, cent strings)
 * to and from the `Market` interface's decimal strings in major units. No binary float takes part: a JSON
 * number is read through its shortest decimal text, integers are scaled exactly by powers of ten.
 */

/** `up`: a price we sell at (never below the operator's); `down`: a price we pay (never above). */
export type Rounding = 'up' | 'down' | 'half-up';

const DECIMAL = /^\d{1,15}(\.\d{1,12})?$/;

/** A non-negative decimal amount in major units, as the Market interface takes it ("12.34", "0.5", "7"). */
export function parseAmount(amount: string): Big {
  const text = String(amount).trim();
  if (!DECIMAL.test(text)) throw new RangeError(`not a money amount: ${JSON.stringify(amount)}`);
  return new Big(text);
}

/** Major units to the marketplace's integer units (`unitsPerMajor` 100 for cents, 1000 for mils). */
export function toUnits(amount: string, unitsPerMajor: number, rounding: Rounding): number {
  const mode = rounding === 'up' ? Big.roundUp : rounding === 'down' ? Big.roundDown : Big.roundHalfUp;
  const units = parseAmount(amount).times(unitsPerMajor).round(0, mode).toNumber();
  if (!Number.isSafeInteger(units)) throw new RangeError(`amount ${amount} is out of range`);
  return units;
}

/**
 * Integer units (a number or a digit string such as DMarket's "1234") to major units, exactly: at least 2
 * decimals, more only when they are not zero ("12.345" for 12345 mils, "12.30" for 12300).
 */
export function fromUnits(units: number | string, unitsPerMajor: number): string {
  const text = String(units).trim();
  if (!/^-?\d{1,18}$/.test(text))
    throw new RangeError(`not an integer amount of units: ${JSON.stringify(units)}`);
  return normalize(new Big(text).div(unitsPerMajor));
}

/**
 * A major-unit number or decimal text from the wire (Skinport 12.5, Lis-skins 0.07, DMarket 1.23) to a
 * decimal string: read through its text, never scaled as a float. "12.5" → "12.50".
 */
export function fromMajor(value: number | string): string {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  return normalize(new Big(text));
}

/** A major-unit decimal string as the JSON number a wire with floats takes (Lis-skins max_price, DMarket Amount). */
export function toMajorNumber(amount: string, decimals: number, rounding: Rounding): number {
  const mode = rounding === 'up' ? Big.roundUp : rounding === 'down' ? Big.roundDown : Big.roundHalfUp;
  return Number(parseAmount(amount).round(decimals, mode).toFixed(decimals));
}

/** Whether an amount is zero ("0", "0.00"). */
export function isZero(amount: string): boolean {
  return parseAmount(amount).eq(0);
}

/** At least 2 decimals; further ones only while they are not zero. */
export function normalize(value: Big): string {
  const text = value.toFixed();
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const shown = trimmed.length >= 2 ? trimmed : trimmed.padEnd(2, '0');
  const result = `${whole}.${shown}`;
  return result === '-0.00' ? '0.00' : result;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  const text = String(value);
  return /e/i.test(text) ? new Big(value).toFixed() : text;
}
