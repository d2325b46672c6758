import type { KitCurrency } from '../kit/kit-config.ts';

/**
 * How the Steam Community Market writes money: "$1,234.56" (USD), "1.234,56€" with "--" for zero cents
 * ("12,--€", EUR), "1 234,56 pуб." with a Latin "p" and no decimals when they are zero (RUB). Steam wallet
 * currency ids: 1 USD, 3 EUR, 5 RUB.
 */

export const STEAM_CURRENCY_IDS: Record<KitCurrency, number> = { USD: 1, EUR: 3, RUB: 5 };

export function currencyOfId(id: number): KitCurrency | null {
  const found = Object.entries(STEAM_CURRENCY_IDS).find(([, value]) => value === id);
  return found ? (found[0] as KitCurrency) : null;
}

function group(whole: string, separator: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Integer cents (or kopecks) as Steam shows them. */
export function formatSteamPrice(cents: number, currency: KitCurrency): string {
  const whole = String(Math.floor(cents / 100));
  const fraction = String(cents % 100).padStart(2, '0');
  switch (currency) {
    case 'USD':
      return `$${group(whole, ',')}.${fraction}`;
    case 'EUR':
      return `${group(whole, '.')},${fraction === '00' ? '--' : fraction}€`;
    case 'RUB':
      return `${group(whole, ' ')}${fraction === '00' ? '' : `,${fraction}`} pуб.`;
  }
}

/** Steam's fees on top of what the seller receives: 5% Steam, 10% the game's publisher, each at least 1. */
export function steamFees(sellerReceives: number): { steam: number; publisher: number } {
  return {
    steam: Math.max(1, Math.floor(sellerReceives * 0.05)),
    publisher: Math.max(1, Math.floor(sellerReceives * 0.1)),
  };
}

export function buyerPays(sellerReceives: number): number {
  const fees = steamFees(sellerReceives);
  return sellerReceives + fees.steam + fees.publisher;
}
