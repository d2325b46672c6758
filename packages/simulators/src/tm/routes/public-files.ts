import type { CatalogueItem } from '../../data/catalogue.ts';
import { isTmCurrency, toMajorString, type TmCurrency } from '../../util/money-units.ts';
import type { ApiTable } from '../http/api-table.ts';
import { TmReply, type RequestContext } from '../http/context.ts';
import type { TmMarket } from '../state/tm-market.ts';
import { simPaintIndexOf } from '../state/sim-phases.ts';
import { unixSeconds } from './route-helpers.ts';

/**
 * The public files (marketplaces.md 1.6): price lists with decimal strings in major units, the legacy item
 * database (semicolon CSV, kopecks) and the full export (positional rows, trading units). No key, no rate
 * limit. Each is built from the market's current state when asked.
 */

const CURRENCY_DIGIT: Record<TmCurrency, string> = { RUB: '1', USD: '2', EUR: '3' };
const DIGIT_CURRENCY: Record<string, TmCurrency> = { '1': 'RUB', '2': 'USD', '3': 'EUR' };
const EXPORT_CHUNK = 500;
const EXPORT_FORMAT = [
  'price',
  'id',
  'market_hash_name',
  'classid',
  'instanceid',
  'real_instance',
  'asset',
  'old_price',
  'stamp',
  'base_id',
  'float',
  'phase',
  'paintseed',
  'paintindex',
  'stickers',
  'type',
  'chance_to_transfer',
];

const notFound = () => new TmReply(404, { success: false, error: 'not_found' });

function currencyOf(file: string | undefined): TmCurrency | null {
  const found = /^([A-Z]{3})\.json$/.exec(file ?? '');
  return found?.[1] && isTmCurrency(found[1]) ? found[1] : null;
}

interface ItemSummary {
  item: CatalogueItem;
  minAsk: number | null;
  offers: number;
  bestBid: number | null;
  avg: number | null;
  volume7d: number;
}

/** Per catalogue item: cheapest buyable offer, offer count, best bid, recent average (kopecks). */
function summaries(market: TmMarket): ItemSummary[] {
  const asks = new Map<string, { min: number; count: number }>();
  for (const listing of market.listings.values()) {
    if (!market.isBuyable(listing)) continue;
    const price = market.convert(listing.price, listing.currency, 'RUB');
    const entry = asks.get(listing.market_hash_name);
    if (!entry) asks.set(listing.market_hash_name, { min: price, count: 1 });
    else {
      entry.min = Math.min(entry.min, price);
      entry.count++;
    }
  }
  const weekAgo = unixSeconds(market.now()) - 7 * 86_400;
  return market.catalogue.items.map((item) => {
    const ask = asks.get(item.marketHashName);
    const log = market.salesLog.get(item.marketHashName) ?? [];
    const recent = log.filter(([time]) => time >= weekAgo);
    return {
      item,
      minAsk: ask?.min ?? null,
      offers: ask?.count ?? 0,
      bestBid: market.bidsFor(item.marketHashName)[0]?.priceKopecks ?? null,
      avg: log.length ? Math.round(log.reduce((sum, [, price]) => sum + price, 0) / log.length) : null,
      volume7d: recent.length,
    };
  });
}

const majorIn = (market: TmMarket, kopecks: number, currency: TmCurrency) =>
  toMajorString(market.convert(kopecks, 'RUB', currency), currency);

/**
 * A public price file: `<currency>.json` (404 for a currency tm does not list) holding the items `build`
 * lists, stamped with the market's time.
 */
function priceFile(build: (market: TmMarket, currency: TmCurrency) => unknown) {
  return (ctx: RequestContext) => {
    const currency = currencyOf(ctx.params.file);
    if (!currency) return notFound();
    const { market } = ctx;
    const items = build(market, currency);
    return { success: true, time: unixSeconds(market.now()), currency, items };
  };
}

const priceList = priceFile((market, currency) =>
  summaries(market)
    .filter((entry) => entry.minAsk !== null)
    .map((entry) => ({
      market_hash_name: entry.item.marketHashName,
      volume: String(entry.volume7d),
      price: majorIn(market, entry.minAsk ?? 0, currency),
    })),
);

const classInstanceList = priceFile((market, currency) => {
  const items: Record<string, unknown> = {};
  for (const entry of summaries(market)) {
    if (entry.minAsk === null) continue;
    const { item } = entry;
    items[`${item.classid}_${item.instanceid}`] = {
      price: majorIn(market, entry.minAsk, currency),
      buy_order: entry.bestBid === null ? null : majorIn(market, entry.bestBid, currency),
      avg_price: entry.avg === null ? null : majorIn(market, entry.avg, currency),
      popularity_7d: String(entry.volume7d),
      market_hash_name: item.marketHashName,
      ru_name: item.ruName,
      ru_rarity: item.rarity,
      ru_quality: item.quality,
      text_color: 'D2D2D2',
      bg_color: '',
    };
  }
  return items;
});

const ordersList = priceFile((market, currency) =>
  summaries(market)
    .filter((entry) => entry.bestBid !== null)
    .map((entry) => ({
      market_hash_name: entry.item.marketHashName,
      price: majorIn(market, entry.bestBid ?? 0, currency),
    })),
);

function itemDbCsv(market: TmMarket): string {
  const header = [
    'c_classid',
    'c_instanceid',
    'c_price',
    'c_offers',
    'c_popularity',
    'c_rarity',
    'c_quality',
    'c_stickers',
    'c_market_name',
    'c_market_name_en',
    'c_name_color',
    'c_heroid',
  ];
  const rows = summaries(market)
    .filter((entry) => entry.minAsk !== null)
    .map((entry) =>
      [
        entry.item.classid,
        entry.item.instanceid,
        entry.minAsk,
        entry.offers,
        entry.volume7d,
        entry.item.rarity,
        entry.item.quality,
        '0',
        entry.item.ruName,
        entry.item.marketHashName,
        'D2D2D2',
        '0',
      ].join(';'),
    );
  return `\uFEFF${[header.join(';'), ...rows].join('\n')}\n`;
}

/** Full-export chunk names: `<unix time><chunk index, 4 digits><currency digit>.json`. */
function exportChunks(market: TmMarket, currency: TmCurrency) {
  const time = unixSeconds(market.now());
  const listings = [...market.listings.values()].filter((listing) => market.isBuyable(listing));
  const count = Math.max(1, Math.ceil(listings.length / EXPORT_CHUNK));
  const names = Array.from(
    { length: count },
    (_, index) => `${time}${String(index).padStart(4, '0')}${CURRENCY_DIGIT[currency]}.json`,
  );
  return { time, listings, names };
}

function fullExport(ctx: RequestContext) {
  const { market } = ctx;
  const file = ctx.params.file ?? '';
  const currency = currencyOf(file);
  if (currency) {
    const { time, names } = exportChunks(market, currency);
    return { success: true, time, currency, format: EXPORT_FORMAT, items: names };
  }
  const chunk = /^(\d+)(\d{4})([123])\.json$/.exec(file);
  const chunkCurrency = DIGIT_CURRENCY[chunk?.[3] ?? ''];
  if (!chunk || !chunkCurrency) return notFound();
  const index = Number(chunk[2]);
  const { listings } = exportChunks(market, chunkCurrency);
  return listings.slice(index * EXPORT_CHUNK, (index + 1) * EXPORT_CHUNK).map((listing) => {
    const price = market.convert(listing.price, listing.currency, chunkCurrency, 'ceil');
    const stamp = new Date(listing.placedAt).toISOString().replace('T', ' ').slice(0, 19);
    return [
      price,
      Number(listing.item_id),
      listing.market_hash_name,
      Number(listing.classid),
      Number(listing.instanceid),
      Number(listing.instanceid),
      Number(listing.assetid),
      price,
      stamp,
      0,
      '',
      // phase and paintindex: a Doppler offer's own (sim-phases.ts); '' for names without phases.
      listing.phase ?? '',
      '',
      String(simPaintIndexOf(listing.market_hash_name, listing.phase) ?? ''),
      '',
      market.catalogue.byHashName(listing.market_hash_name)?.type ?? '',
      100,
    ];
  });
}

export function registerPublicFiles(api: ApiTable): void {
  api.file('/api/v2/prices/class_instance/:file', 'prices/class_instance', classInstanceList);
  api.file('/api/v2/prices/orders/:file', 'prices/orders', ordersList);
  api.file('/api/v2/prices/:file', 'prices', priceList);
  api.file('/itemdb/current_730.json', 'itemdb/current_730', (ctx) => {
    const time = unixSeconds(ctx.market.now());
    return { time, db: `730_${time}.csv` };
  });
  api.file('/itemdb/:file', 'itemdb', (ctx) => {
    if (!/^730_\d+\.csv$/.test(ctx.params.file ?? '')) return notFound();
    return new TmReply(200, itemDbCsv(ctx.market), 'text/csv; charset=utf-8');
  });
  api.file('/api/full-export/:file', 'full-export', fullExport);
}
