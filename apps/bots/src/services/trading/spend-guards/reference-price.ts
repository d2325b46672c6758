import { compareMoney } from '@toydesk/contract';

/** The lowest of some prices (decimal strings), null when there are none: a reference for the price guard. */
export function lowestOf(prices: readonly string[]): string | null {
  let lowest: string | null = null;
  for (const price of prices) if (lowest === null || compareMoney(price, lowest) < 0) lowest = price;
  return lowest;
}
