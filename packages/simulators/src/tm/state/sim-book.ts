import { phasesOf } from '@toydesk/contract';

import type { CatalogueItem } from '../../data/catalogue.ts';
import { newTradeToken } from './ids.ts';
import { phasePriceFactor, simPhaseOf } from './sim-phases.ts';
import type { TmMarket } from './tm-market.ts';
import type { Listing } from './types.ts';

/**
 * The other players of the simulated market: sellers with offers on every catalogue item (the ask side),
 * buyers with standing orders (the bid side), and a past of sales. All prices are kopecks around the
 * catalogue's reference price; the seeded generator makes the same seed give the same book.
 */

const NICKS = [
  's1mple_fan',
  'dr0p',
  'ZeusFan',
  'kennyS',
  'tradeBot',
  'm0nesy',
  'Hobbit',
  'flamie',
  'b1t',
  'jL',
];

export function simTraderIdentity(market: TmMarket): { steamid32: number; token: string; nick: string } {
  return {
    steamid32: market.random.int(100_000_000, 1_199_999_999),
    token: newTradeToken(market.random),
    nick: `${market.random.pick(NICKS)}${market.random.int(1, 999)}`,
  };
}

function addSimOffer(market: TmMarket, item: CatalogueItem, factor: number, placedAt: number): Listing {
  const itemId = market.ids.item.take();
  const phase = simPhaseOf(item.marketHashName, itemId);
  const listing: Listing = {
    item_id: itemId,
    ownerKey: null,
    assetid: market.ids.asset.take(),
    classid: item.classid,
    instanceid: item.instanceid,
    market_hash_name: item.marketHashName,
    ...(phase === '' ? {} : { phase }),
    price: Math.max(50, Math.round(item.refPriceKopecks * factor * phasePriceFactor(phase))),
    currency: 'RUB',
    placedAt,
    status: 1,
    sale: null,
  };
  market.listings.set(listing.item_id, listing);
  return listing;
}

export function seedSimBook(market: TmMarket): void {
  const now = market.now();
  const { random } = market;
  for (const item of market.catalogue.items) {
    const offers = random.int(market.config.minSimOffers, market.config.minSimOffers + 4);
    for (let i = 0; i < offers; i++) {
      addSimOffer(market, item, random.between(1.0, 1.3), now - random.int(60_000, 3 * 86_400_000));
    }
    const bids = random.int(1, 3);
    market.simBids.set(
      item.marketHashName,
      Array.from({ length: bids }, () => ({
        market_hash_name: item.marketHashName,
        priceKopecks: Math.max(10, Math.round(item.refPriceKopecks * random.between(0.7, 0.95))),
        count: random.int(1, 5),
      })).sort((a, b) => b.priceKopecks - a.priceKopecks),
    );
    // A Doppler name has standing orders per phase too, at the phase's price (no draws: same book).
    const plain = market.simBids.get(item.marketHashName)!;
    for (const phase of phasesOf(item.marketHashName)) {
      plain.push({
        market_hash_name: item.marketHashName,
        phase,
        priceKopecks: Math.round(plain[0]!.priceKopecks * phasePriceFactor(phase)),
        count: 1,
      });
    }
    const sales = random.int(6, 14);
    const log: [number, number][] = [];
    for (let i = 0; i < sales; i++) {
      const at = now - random.int(60_000, 7 * 86_400_000);
      log.push([Math.floor(at / 1000), Math.round(item.refPriceKopecks * random.between(0.88, 1.12))]);
    }
    market.salesLog.set(
      item.marketHashName,
      log.sort((a, b) => a[0] - b[0]),
    );
  }
}

/** Tops simulated offers of the names that lost some back up to `minSimOffers`. */
export function replenishSimOffers(market: TmMarket): void {
  if (market.dirtyNames.size === 0) return;
  const counts = new Map<string, number>();
  for (const listing of market.listings.values()) {
    if (
      listing.ownerKey !== null ||
      listing.status !== 1 ||
      !market.dirtyNames.has(listing.market_hash_name)
    ) {
      continue;
    }
    counts.set(listing.market_hash_name, (counts.get(listing.market_hash_name) ?? 0) + 1);
  }
  for (const name of market.dirtyNames) {
    const item = market.catalogue.byHashName(name);
    if (!item) continue;
    for (let n = counts.get(name) ?? 0; n < market.config.minSimOffers; n++) {
      addSimOffer(market, item, market.random.between(1.02, 1.3), market.now());
    }
  }
  market.dirtyNames.clear();
}
