import { describe, expect, it } from 'vitest';

import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { loopActions } from '../../../testing/loop-actions.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { LIST_REPRICE_LOOP } from '../list-reprice/list-reprice-loop.ts';
import { createTradingContextForTest } from '../trading-context.ts';

describe('the price guard on list-reprice (issue 11, item 7)', () => {
  const bed = useSimApp();

  async function setup(dryRun: boolean) {
    const [name] = bed.sim.names(1).slice(0, 1);
    const created = await bed.sim.tmSeller([name!]);
    const accountId = await seedMarketAccount(bed.app.runtime, {
      key: created.key,
      loops: { auto_sell: true },
      dryRun,
    });
    const answer = await bed.sim.v2<{ data: Record<string, { price: number }[]> }>(
      'tm',
      'search-list-items-by-hash-name-all',
      { key: created.key, 'list_hash_name[]': name! },
    );
    const lowest = Math.min(...(answer.data[name!] ?? []).map((offer) => offer.price)) / 100;
    // The floor (price_buy) is twice the cheapest competitor: repricing moves the listing there.
    const [toy] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO toy (market_hash_name) VALUES ($1) ON CONFLICT (market_hash_name) DO UPDATE
       SET updated_at = now() RETURNING id`,
      [name],
    );
    await bed.app.db.query(
      `INSERT INTO market_toy (toy, market, price_sell, price_buy) VALUES ($1, 'tm', $2, $3)
       ON CONFLICT (toy, market) DO UPDATE SET price_sell = excluded.price_sell, price_buy = excluded.price_buy`,
      [toy!.id, (lowest * 3).toFixed(2), (lowest * 2).toFixed(2)],
    );
    await bed.app.db.query(
      `INSERT INTO market_spend_guard (market_account, currency, max_price_percent) VALUES ($1, 'RUB', 130)`,
      [accountId],
    );
    // Already on sale at price_sell (a dry-run tick lists nothing itself, so the listing is made here).
    const listed = await bed.sim.v2('tm', 'add-to-sale', {
      key: created.key,
      id: created.items[0]!.assetid,
      price: Math.round(lowest * 300),
      cur: 'RUB',
    });
    expect(listed).toMatchObject({ success: true });
    return { id: accountId, key: created.key, name: name!, lowest };
  }

  const actions = (id: number) => loopActions(bed.app.db, id, 'list-reprice');

  it('refuses a reprice above 130 % of the lowest listing, with an alert; in dry run "would be refused"', async () => {
    for (const dryRun of [false, true]) {
      const { id, name } = await setup(dryRun);
      const result = await LIST_REPRICE_LOOP.tick(
        await createTradingContextForTest(bed.app.runtime, id, 'list-reprice'),
      );
      expect(result.summary, result.summary).toMatch(/0 repriced/);
      const refused = (await actions(id)).find((action) => action.detail.call === 'reprice');
      expect(refused).toMatchObject({
        kind: dryRun ? 'would-be-refused' : 'spend-refused',
        dry_run: dryRun,
        detail: { guard: 'max-price', market_hash_name: name },
      });
      const [alert] = await bed.app.db.query<{ message: string; details: Record<string, unknown> }>(
        `SELECT message, details FROM bot_alert WHERE kind = 'spend-guard' AND market_account = $1`,
        [id],
      );
      expect(alert?.details).toMatchObject({ guard: 'max-price', market_hash_name: name, dry_run: dryRun });
      expect(alert?.message).toContain(name);
    }
  });
});
