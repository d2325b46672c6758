import {
  ADVISORY_LOCKS,
  isInstallationEmpty,
  loadUsdToRubRate,
  lockForTransaction,
  type Queryable,
} from '@toydesk/db';
import type { Services } from '@toydesk/server';
import { seedAccountChecklists } from './account-checklists.ts';
import { buildDeliveries, insertDeliveries } from './deliveries.ts';
import { createRandomSource, DEMO_SEED, type DemoContext } from './demo-context.ts';
import { seedDynamicSettings } from './dynamic-settings.ts';
import { seedHistoryStats } from './history-stats.ts';
import { seedInfrastructure } from './infrastructure.ts';
import { buildCatalogue } from './item-catalogue.ts';
import { seedMarketAccounts } from './market-accounts.ts';
import { seedMarketToys } from './market-toys.ts';
import { rateToMicro } from './minor-units.ts';
import { popularToys } from './popular-toys.ts';
import { PriceModel } from './price-model.ts';
import { buildSellItems, insertSellItems } from './sell-items.ts';
import { seedSteamAccounts } from './steam-accounts.ts';
import { buildInventory, createAssetIds, insertInventory } from './steam-inventory.ts';
import { seedTags, seedToyGroups } from './tags-and-groups.ts';
import { buildHistory, insertHistory } from './toy-history.ts';
import { seedToys } from './toys.ts';
import { seedTransactions } from './transactions.ts';

/** How many toys count as popular: they make up the deal log, the inventories and the stats. */
const POPULAR_POOL = 2_500;
const FALLBACK_USD_TO_RUB = '92.50';

export interface DemoCounts {
  [table: string]: number;
}

async function usdToRubMicro(tx: Queryable): Promise<number> {
  return rateToMicro((await loadUsdToRubRate(tx, 'tm_usd')) ?? FALLBACK_USD_TO_RUB);
}

/** Generates and inserts every demo table inside the given transaction; returns the row counts. */
export async function insertDemoData(
  tx: Queryable,
  services: Pick<Services, 'vault'>,
  now: number,
): Promise<DemoCounts> {
  const ctx: DemoContext = {
    tx,
    vault: services.vault,
    now,
    rng: createRandomSource(DEMO_SEED),
    prices: new PriceModel(DEMO_SEED, await usdToRubMicro(tx)),
  };
  const counts: DemoCounts = {};

  const tags = await seedTags(ctx);
  const groups = await seedToyGroups(ctx);
  const infra = await seedInfrastructure(ctx);
  const steamAccounts = await seedSteamAccounts(ctx, infra, tags);
  counts.steam_account = steamAccounts.length;
  const marketAccounts = await seedMarketAccounts(ctx, steamAccounts, tags);
  counts.market_account = marketAccounts.length;
  counts.account_checklist = await seedAccountChecklists(ctx, steamAccounts);

  const toys = await seedToys(ctx, buildCatalogue(), groups, tags);
  counts.toy = toys.length;
  const marketToys = await seedMarketToys(ctx, toys, tags);
  counts.market_toy = marketToys.length;
  counts.toy_dynamic_setting = await seedDynamicSettings(ctx, marketToys, marketAccounts);

  const popular = popularToys(toys, ctx.prices, ctx.rng('popular'), POPULAR_POOL);
  const assetIds = createAssetIds(ctx);
  const inventory = buildInventory(ctx, steamAccounts, popular, toys, assetIds);
  const sales = buildSellItems(ctx, inventory, marketAccounts, popular, assetIds);
  counts.steam_inventory = await insertInventory(ctx, inventory);
  counts.sell_item = await insertSellItems(ctx, sales);
  counts.bot_delivery = await insertDeliveries(ctx, buildDeliveries(ctx, sales));
  counts.toy_history = await insertHistory(ctx, buildHistory(ctx, marketAccounts, popular, sales));
  counts.history_stat = await seedHistoryStats(ctx, popular);
  counts.transaction = await seedTransactions(ctx, steamAccounts, marketAccounts);
  return counts;
}

/**
 * Fills an empty installation with demo data (spec: the embedded default shows a working console):
 * only when there are no toys and no Steam accounts, all in one transaction so that a crash leaves
 * nothing half-loaded. The data is the same on every run (a fixed seed); dates are relative to now.
 * Returns whether it loaded anything. Not an operator change, so nothing goes to the audit log.
 */
export async function loadDemoDataIfEmpty(services: Services, log: (line: string) => void): Promise<boolean> {
  if (!(await isInstallationEmpty(services.db))) return false;
  const started = performance.now();
  const counts = await services.db.transaction(async (tx) => {
    // Serialises concurrent first starts on one PostgreSQL: the second one finds the data and stops.
    await lockForTransaction(tx, ADVISORY_LOCKS.demoData);
    if (!(await isInstallationEmpty(tx))) return null;
    return insertDemoData(tx, services, Date.now());
  });
  if (!counts) return false;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary = Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ');
  log(`demo data: ${summary} (${seconds} s)`);
  return true;
}
