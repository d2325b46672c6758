import { describe, expect, it } from 'vitest';

import { seedMarketAccount } from '../../../testing/seed-trading.ts';
import { RELAXED_STEAM_LIMITS, storeGuardedSteamAccount } from '../../../testing/steam-sim-accounts.ts';
import { useSimApp } from '../../../testing/use-sim-app.ts';
import { createTradingContextForTest } from '../trading-context.ts';
import { DELIVER_LOOP } from './deliver-loop.ts';

interface SimOffer {
  tradeofferid: string;
  trade_offer_state: number;
  message: string;
}

interface Seller {
  id: number;
  key: string;
  login: string;
  /** Asset ids, the same on the simulated Steam and the simulated tm. */
  assets: string[];
}

/**
 * The deliver loop end to end: sales made through the tm simulator's control API, offers sent on the
 * simulated Steam, the buyer's answers played through both control APIs, faults injected into both.
 */
describe('deliver loop against the tm simulator and the simulated Steam', () => {
  const bed = useSimApp({
    steam: RELAXED_STEAM_LIMITS,
    // The once-lease of a tick: short, so that the "killed tick" case below can take over quickly.
    env: { TOYDESK_TRADING_TICK_TIMEOUT_SECONDS: '5' },
  });
  let counter = 0;

  /** A Steam account with items on the simulated Steam, the same items on a tm account, both in our tables. */
  async function seller(options: { dryRun?: boolean; items?: number } = {}): Promise<Seller> {
    counter += 1;
    const names = bed.sim.names(options.items ?? 3);
    const created = await bed.steam.createAccount({
      accountName: `deliver${process.pid}x${counter}`,
      twoFactor: true,
      items: names.map((name) => ({ name })),
    });
    const assets = created.items.map((item) => item.assetid);
    const key = await bed.sim.account('tm', { inventory: 0 });
    await bed.sim.control('tm', 'POST', `accounts/${key}/items`, { names, assetids: assets });
    const id = await seedMarketAccount(bed.app.runtime, {
      key,
      steamAccount: await storeGuardedSteamAccount(bed.app.runtime, created),
      loops: { auto_deliver: true },
      dryRun: options.dryRun,
    });
    return { id, key, login: created.accountName, assets };
  }

  /** Lists the asset on tm and has a simulated buyer buy it; returns the deal and its offer code. */
  async function sell(s: Seller, asset: string, price = 1000) {
    const listed = await bed.sim.v2<{ item_id: number }>('tm', 'add-to-sale', {
      key: s.key,
      id: asset,
      price: price * 100,
      cur: 'RUB',
    });
    const sold = await bed.sim.control<{ sold: { item_id: string; tradeoffermessage: string }[] }>(
      'tm',
      'POST',
      `accounts/${s.key}/sell`,
      { item_id: String(listed.item_id), force: true },
    );
    return { dealId: sold.sold[0]!.item_id, code: sold.sold[0]!.tradeoffermessage };
  }

  /** tm answers `status` to the seller's next `count` calls of `path`, acting on them or not (`phase`). */
  const tmFails = (s: Seller, path: string, status: number, count: number, phase?: 'before' | 'after') =>
    bed.sim.control('tm', 'POST', 'faults', {
      match: { path, key: s.key },
      kind: 'status',
      status,
      ...(phase === undefined ? {} : { phase }),
      count,
    });
  /** Steam answers `status` to the next offer sent, having made it (`after`) or not. */
  const steamSendFails = (status: number, phase: 'before' | 'after') =>
    bed.steam.fault({ match: { path: 'tradeoffer/new/send' }, kind: 'status', status, phase, count: 1 });

  const tick = async (s: Seller) =>
    DELIVER_LOOP.tick(await createTradingContextForTest(bed.app.runtime, s.id, 'deliver'));
  const steamOffers = async (s: Seller) => (await bed.steam.offers(s.login)).offers as unknown as SimOffer[];
  const delivery = async (dealId: string) =>
    (await bed.app.db.query('SELECT * FROM bot_delivery WHERE deal_id = $1', [dealId]))[0];
  const registered = async (s: Seller) =>
    (await bed.sim.v2<{ trades: { trade_id: string }[] }>('tm', 'trades', { key: s.key })).trades.map(
      (trade) => trade.trade_id,
    );

  it('a sale ends as a delivered trade, one history row, one transaction and money on the account', async () => {
    const s = await seller();
    const { dealId, code } = await sell(s, s.assets[0]!);

    const first = await tick(s);
    expect(first.summary).toContain('1 offers sent');
    const offers = await steamOffers(s);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ message: code, trade_offer_state: 2 }); // confirmed: Active
    const offerId = offers[0]!.tradeofferid;
    expect(await delivery(dealId)).toMatchObject({
      offer_id: offerId,
      state: 'trade_ready',
      offer_code: code,
    });
    expect(await registered(s)).toEqual([offerId]);

    // Nothing new: the next tick sends nothing again although p2p-all still lists the offer.
    await tick(s);
    expect(await steamOffers(s)).toHaveLength(1);

    // The buyer accepts on Steam; the market sees the trade and closes the deal.
    const moneyBefore = (await bed.sim.v2<{ money: number }>('tm', 'get-money', { key: s.key })).money;
    await bed.steam.acceptOfferAsPartner(offerId);
    await bed.sim.control('tm', 'POST', `accounts/${s.key}/trade-accepted`, { tradeoffer: offerId });
    const [done, again] = await Promise.all([tick(s), tick(s)]);
    expect([done.summary, again.summary].join(' ')).toContain('1 delivered');
    await tick(s);

    expect(await delivery(dealId)).toMatchObject({ state: 'delivered', offer_id: offerId });
    const history = await bed.app.db.query(`SELECT * FROM toy_history WHERE market_item_id = $1`, [dealId]);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ side: 'sell', price: '1000.00', market: 'tm', offer_id: offerId });
    const transactions = await bed.app.db.query(`SELECT * FROM "transaction" WHERE to_market_account = $1`, [
      s.id,
    ]);
    expect(transactions).toHaveLength(1);
    const money = await bed.sim.v2<{ money: number }>('tm', 'get-money', { key: s.key });
    const [account] = await bed.app.db.query<{ balance: string }>(
      'SELECT balance FROM market_account WHERE id = $1',
      [s.id],
    );
    // What the market credited (the price less its fee) is what the ledger recorded.
    expect(Number(transactions[0]!.amount)).toBeGreaterThan(0);
    expect(Number(transactions[0]!.amount)).toBeLessThan(1000);
    expect(Number(account!.balance)).toBe(Number(transactions[0]!.amount));
    expect(money.money - moneyBefore).toBeCloseTo(Number(transactions[0]!.amount), 2);
  });

  it('a lost Steam answer and a failed trade-ready are retried without a second offer', async () => {
    const s = await seller();
    const { dealId, code } = await sell(s, s.assets[0]!);
    // Steam makes the offer, then the answer is lost; tm registers trade-ready, then answers 502 (twice,
    // more than the transport's retry).
    await steamSendFails(502, 'after');
    await tmFails(s, 'trade-ready', 502, 5, 'after');

    await expect(tick(s)).rejects.toThrow();
    expect(await steamOffers(s)).toHaveLength(1);
    expect((await delivery(dealId))!.offer_id).toBeNull();
    // The retried tick finds the offer on Steam by its code instead of sending another.
    await expect(tick(s)).rejects.toThrow();
    const offers = await steamOffers(s);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ message: code, trade_offer_state: 2 });
    expect(await delivery(dealId)).toMatchObject({ offer_id: offers[0]!.tradeofferid, state: 'sent' });
    await bed.sim.control('tm', 'DELETE', 'faults');
    await tick(s);
    expect(await delivery(dealId)).toMatchObject({ state: 'trade_ready' });
    expect(await registered(s)).toEqual([offers[0]!.tradeofferid]);
    expect(await steamOffers(s)).toHaveLength(1);
    const [marker] = await bed.app.db.query<{ outcome: string }>(
      `SELECT outcome FROM bot_once WHERE step_key = $1`,
      [`deliver:${s.id}:${code}`],
    );
    expect(marker!.outcome).toBe('checked');

    // The buyer accepts; operation-history fails first, then the sale is recorded once.
    const offerId = offers[0]!.tradeofferid;
    await bed.steam.acceptOfferAsPartner(offerId);
    await bed.sim.control('tm', 'POST', `accounts/${s.key}/trade-accepted`, { tradeoffer: offerId });
    await tmFails(s, 'operation-history', 500, 5);
    await expect(tick(s)).rejects.toThrow();
    expect(await delivery(dealId)).toMatchObject({ state: 'trade_ready' });
    await bed.sim.control('tm', 'DELETE', 'faults');
    await Promise.all([tick(s), tick(s)]);
    expect(await delivery(dealId)).toMatchObject({ state: 'delivered' });
    expect(
      await bed.app.db.query(`SELECT 1 FROM toy_history WHERE market_item_id = $1`, [dealId]),
    ).toHaveLength(1);
    expect(
      await bed.app.db.query(`SELECT 1 FROM "transaction" WHERE to_market_account = $1`, [s.id]),
    ).toHaveLength(1);
  });

  it('failures before anything happened (tm p2p-all, the Steam send) are simply tried again', async () => {
    const s = await seller();
    const { dealId, code } = await sell(s, s.assets[0]!);
    await tmFails(s, 'trade-request-give-p2p-all', 500, 5, 'before');
    await expect(tick(s)).rejects.toThrow();
    await bed.sim.control('tm', 'DELETE', 'faults');
    await steamSendFails(500, 'before');
    await expect(tick(s)).rejects.toThrow();
    expect(await steamOffers(s)).toHaveLength(0);
    // The marker says "started": the next tick asks Steam, finds nothing and sends.
    await tick(s);
    const offers = await steamOffers(s);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.message).toBe(code);
    expect(await delivery(dealId)).toMatchObject({ state: 'trade_ready', offer_id: offers[0]!.tradeofferid });
  });

  it('a tick abandoned in the middle of sending (a killed worker) and the tick after it: one offer', async () => {
    const s = await seller();
    const { dealId } = await sell(s, s.assets[1]!);
    // The offer is made, and the answer takes 8 s: longer than the tick's lease of 5 s.
    await bed.steam.fault({
      match: { path: 'tradeoffer/new/send' },
      kind: 'slow',
      delayMs: 8_000,
      phase: 'after',
      count: 1,
    });
    const abandoned = tick(s).then(
      (result) => result.summary,
      (error: unknown) => String(error),
    );
    for (let i = 0; i < 100 && (await steamOffers(s)).length === 0; i += 1)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await tick(s);
    expect(await delivery(dealId)).toMatchObject({ state: 'trade_ready' });
    // The abandoned tick comes back: it finds the offer confirmed and registered, and sends nothing.
    expect(await abandoned).not.toMatch(/Error/);
    const offers = await steamOffers(s);
    expect(offers).toHaveLength(1);
    expect(await delivery(dealId)).toMatchObject({ state: 'trade_ready', offer_id: offers[0]!.tradeofferid });
  });

  it('an offer the buyer declines ends the delivery as failed and raises a delivery-failed alert', async () => {
    const s = await seller();
    const { dealId } = await sell(s, s.assets[0]!);
    await tick(s);
    const [offer] = await steamOffers(s);
    await bed.steam.declineOfferAsPartner(offer!.tradeofferid);
    await tick(s);
    expect(await delivery(dealId)).toMatchObject({ state: 'failed', steam_state: 'Declined' });
    const alerts = await bed.app.db.query(
      `SELECT * FROM bot_alert WHERE kind = 'delivery-failed' AND market_account = $1`,
      [s.id],
    );
    expect(alerts).toHaveLength(1);
    await tick(s);
    expect(await steamOffers(s)).toHaveLength(1);
    expect(
      await bed.app.db.query(`SELECT 1 FROM toy_history WHERE market_item_id = $1`, [dealId]),
    ).toHaveLength(0);
  });

  it('without identity_secret no offer is sent (it could not be confirmed) and an alert says why', async () => {
    const s = await seller();
    await bed.app.db.query(
      'UPDATE steam_account SET identity_secret = NULL WHERE id = (SELECT steam_account FROM market_account WHERE id = $1)',
      [s.id],
    );
    const { dealId } = await sell(s, s.assets[0]!);
    await expect(tick(s)).rejects.toThrow('identity_secret');
    expect(await steamOffers(s)).toHaveLength(0);
    expect(await delivery(dealId)).toMatchObject({ state: 'pending' });
    const [alert] = await bed.app.db.query<{ message: string }>(
      `SELECT message FROM bot_alert WHERE kind = 'delivery-failed' AND market_account = $1`,
      [s.id],
    );
    expect(alert!.message).toContain('no identity_secret');
  });

  it('dry run: nothing is sent or registered, the actions are recorded', async () => {
    const s = await seller({ dryRun: true });
    const { dealId, code } = await sell(s, s.assets[0]!);
    const result = await tick(s);
    expect(result.summary).toContain('would be sent (dry run)');
    expect(await steamOffers(s)).toHaveLength(0);
    expect(await registered(s)).toEqual([]);
    expect(await delivery(dealId)).toMatchObject({ state: 'pending', offer_id: null });
    const [loop] = await bed.app.db.query<{
      recent_actions: { kind: string; dry_run: boolean; detail: { offer_code: string } }[];
    }>(`SELECT recent_actions FROM bot_trading_loop WHERE market_account = $1 AND loop = 'deliver'`, [s.id]);
    expect(loop!.recent_actions).toMatchObject([
      { kind: 'offer-sent', dry_run: true, detail: { offer_code: code } },
    ]);
  });
});
