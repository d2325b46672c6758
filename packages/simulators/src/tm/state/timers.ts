import { deliverSimPurchase, fillOrderFromSimSeller } from './purchases.ts';
import { failSale, sellListing } from './sales.ts';
import { replenishSimOffers } from './sim-book.ts';
import type { TmMarket } from './tm-market.ts';
import { acceptTradeOffer, declineTradeOffer } from './trade-offers.ts';

/**
 * The market's timers, run lazily: everything whose due time has passed on the simulated clock happens
 * now, stamped with its due time. Called at the start of every request and after every clock advance.
 */
export function runTimers(market: TmMarket): void {
  const now = market.now();
  const config = market.config;

  for (const account of market.accounts.values()) {
    if (account.inventoryLoadsAt !== null && account.inventoryLoadsAt <= now) {
      account.inventoryLoaded = true;
      account.inventoryLoadsAt = null;
    }
    for (const item of account.inventory.values()) {
      if (item.tradableAt !== null && item.tradableAt <= now) {
        item.tradable = true;
        item.tradableAt = null;
      }
      if (item.addError?.clearsAt != null && item.addError.clearsAt <= now) item.addError = null;
    }
  }

  // Our sales: no offer in time → failed; registered offer accepted (auto) or expired after 7 hours.
  const offersDue = new Map<string, { at: number; accept: boolean }>();
  for (const listing of [...market.listings.values()]) {
    const sale = listing.sale;
    if (!sale) continue;
    if (sale.tradeoffer === null) {
      if (sale.sendBy <= now) failSale(market, listing, sale.sendBy);
      continue;
    }
    const registeredAt = sale.registeredAt ?? sale.soldAt;
    const acceptAt = config.autoAcceptTradeMs === null ? Infinity : registeredAt + config.autoAcceptTradeMs;
    const failAt = registeredAt + config.offerFailMs;
    if (Math.min(acceptAt, failAt) <= now) {
      offersDue.set(sale.tradeoffer, { at: Math.min(acceptAt, failAt), accept: acceptAt <= failAt });
    }
  }
  for (const [tradeoffer, due] of offersDue) {
    if (due.accept) acceptTradeOffer(market, tradeoffer, due.at);
    else declineTradeOffer(market, tradeoffer, due.at);
  }

  // Purchases from simulated sellers: they send after a delay; we accept (auto) or the offer expires.
  for (const purchase of market.purchases.values()) {
    if (purchase.stage !== 1 || purchase.sellerKey !== null) continue;
    if (purchase.status === 3) {
      const sendAt = purchase.createdAt + config.simSellerSendMs;
      if (sendAt > now) continue;
      deliverSimPurchase(market, purchase, sendAt);
    }
    if (purchase.status === 4 && purchase.tradeoffer !== null) {
      const offeredAt = purchase.offeredAt ?? now;
      const acceptAt = config.autoAcceptTradeMs === null ? Infinity : offeredAt + config.autoAcceptTradeMs;
      const failAt = purchase.acceptBy ?? Infinity;
      if (acceptAt <= now && acceptAt <= failAt) acceptTradeOffer(market, purchase.tradeoffer, acceptAt);
      else if (failAt <= now) declineTradeOffer(market, purchase.tradeoffer, failAt);
    }
  }

  const elapsedHours = Math.max(0, now - market.lastTimersAt) / 3_600_000;
  if (elapsedHours > 0 && config.randomSalesPerHour > 0) {
    const chance = 1 - Math.exp(-config.randomSalesPerHour * elapsedHours);
    for (const listing of [...market.listings.values()]) {
      if (listing.ownerKey === null || !market.isBuyable(listing)) continue;
      if (market.random.chance(chance)) sellListing(market, listing, { key: null, purchaseId: null }, now);
    }
  }
  if (elapsedHours > 0 && config.randomOrderFillsPerHour > 0) {
    const chance = 1 - Math.exp(-config.randomOrderFillsPerHour * elapsedHours);
    for (const order of [...market.orders.values()]) {
      if (market.random.chance(chance)) fillOrderFromSimSeller(market, order);
    }
  }

  replenishSimOffers(market);
  market.lastTimersAt = now;
}
