import type { KitCurrency } from '../kit/kit-config.ts';

/**
 * The kit currencies' Steam wallet currency ids: 1 USD, 3 EUR, 5 RUB. How Steam writes money ("$1,234.56",
 * "1.234,56€", "1 234,56 pуб.") is `formatSteamPrice` of `@toydesk/steam/wire`, the clients' own.
 */

export const STEAM_CURRENCY_IDS: Record<KitCurrency, number> = { USD: 1, EUR: 3, RUB: 5 };

export function currencyOfId(id: number): KitCurrency | null {
  const found = Object.entries(STEAM_CURRENCY_IDS).find(([, value]) => value === id);
  return found ? (found[0] as KitCurrency) : null;
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
