import { describe, expect, it } from 'vitest';

import { steamSimForSuite } from '../testing/steam-sim-harness.ts';
import { steamFailure } from '../testing/steam-failure.ts';

const NAME = 'AK-47 | Redline (Field-Tested)';

describe('SteamSimulatorGateway: Community Market', () => {
  const sim = steamSimForSuite();

  it('lists an item (confirmed here with identity_secret); a buyer pays the seller what they asked', async () => {
    const { created, session } = await sim.account({
      items: [{ name: NAME }],
      wallet: { balanceMinor: 5_000 },
    });
    const listed = await sim.gateway.createListing(session, {
      assetId: created.items[0]?.assetid ?? '',
      priceMinor: 1_234,
      identitySecret: created.identitySecret,
    });
    expect(listed).toMatchObject({ needsConfirmation: true, confirmed: true });
    expect(listed.listingId).toMatch(/^\d+$/);
    const mine = await sim.gateway.getMyListings(session);
    expect(mine.listings).toMatchObject([
      {
        listingId: listed.listingId,
        assetId: created.items[0]?.assetid,
        appId: 730,
        contextId: '2',
        marketHashName: NAME,
        priceMinor: 1_234,
        currencyId: 5,
        status: 'active',
      },
    ]);
    expect(mine.listings[0]?.buyerPaysMinor).toBe(1_234 + 61 + 123);
    expect((await sim.gateway.getInventory(session, { appId: 730, contextId: '2' })).totalCount).toBe(0);
    await sim.control.buyListing(listed.listingId ?? '');
    expect((await sim.gateway.getWalletBalance(session)).balanceMinor).toBe(6_234);
  });

  it('a listing without identity_secret waits for its confirmation', async () => {
    const { created, session } = await sim.account({ items: 1 });
    const listed = await sim.gateway.createListing(session, {
      assetId: created.items[0]?.assetid ?? '',
      priceMinor: 500,
    });
    expect(listed).toMatchObject({ needsConfirmation: true, confirmed: false });
    expect((await sim.gateway.getMyListings(session)).listings).toMatchObject([
      { listingId: listed.listingId, status: 'to_confirm' },
    ]);
    const [confirmation] = await sim.gateway.listConfirmations(session, created.identitySecret ?? '');
    expect(confirmation).toMatchObject({ objectId: listed.listingId, typeName: 'market_listing' });
    await sim.gateway.acceptConfirmation(session, {
      identitySecret: created.identitySecret ?? '',
      objectId: listed.listingId ?? '',
    });
    expect((await sim.gateway.getMyListings(session)).listings).toMatchObject([{ status: 'active' }]);
  });

  it('refuses unmarketable and held items (not_marketable) and accounts with a young authenticator (access_denied)', async () => {
    const { created, session } = await sim.account({ items: [{ marketable: false }, { holdDays: 7 }] });
    for (const item of created.items) {
      expect(
        await steamFailure(sim.gateway.createListing(session, { assetId: item.assetid, priceMinor: 100 })),
      ).toMatchObject({ kind: 'not_marketable' });
    }
    const young = await sim.account({ items: 1, twoFactorAgeDays: 3 });
    expect(
      await steamFailure(
        sim.gateway.createListing(young.session, {
          assetId: young.created.items[0]?.assetid ?? '',
          priceMinor: 100,
        }),
      ),
    ).toMatchObject({
      kind: 'access_denied',
    });
  });

  it('places, lists, fills and cancels buy orders; 29 for a duplicate, 25 over ten times the wallet', async () => {
    const { session } = await sim.account({ wallet: { balanceMinor: 10_000 } });
    const order = await sim.gateway.createBuyOrder(session, {
      marketHashName: NAME,
      priceMinor: 2_500,
      quantity: 3,
    });
    expect(order).toMatchObject({ status: 'created', recovered: false });
    const id = order.status === 'created' ? order.buyOrderId : '';

    const duplicate = await steamFailure(
      sim.gateway.createBuyOrder(session, { marketHashName: NAME, priceMinor: 2_600, quantity: 1 }),
    );
    expect(duplicate).toMatchObject({ kind: 'duplicate_request', eresult: 29 });
    expect(duplicate.message).toMatch(/already have an active buy order/);
    const tooMuch = await steamFailure(
      sim.gateway.createBuyOrder(session, {
        marketHashName: 'Chroma 2 Case',
        priceMinor: 50_000,
        quantity: 2,
      }),
    );
    expect(tooMuch).toMatchObject({ kind: 'limit_exceeded', eresult: 25 });

    expect((await sim.gateway.getMyListings(session)).buyOrders).toEqual([
      {
        buyOrderId: id,
        appId: 730,
        marketHashName: NAME,
        priceMinor: 2_500,
        quantity: 3,
        quantityRemaining: 3,
        currencyId: 5,
      },
    ]);
    const filled = await sim.control.fillBuyOrder(id, 2);
    expect(filled.remaining).toBe(1);
    expect((await sim.gateway.getWalletBalance(session)).balanceMinor).toBe(5_000);
    const bought = await sim.gateway.getInventory(session, { appId: 730, contextId: '2' });
    expect(bought.items).toHaveLength(2);
    expect(
      bought.items.every((item) => !item.tradable && !item.marketable && item.tradableAfter !== null),
    ).toBe(true);

    await sim.gateway.cancelBuyOrder(session, id);
    expect((await sim.gateway.getMyListings(session)).buyOrders).toEqual([]);
    expect(await steamFailure(sim.gateway.cancelBuyOrder(session, id))).toMatchObject({
      kind: 'not_found',
      eresult: 42,
    });
  });

  it('code 8 ("trouble hearing back"): finds the order when it was created, reports a safe retry when not', async () => {
    const { created, session } = await sim.account();
    /** Steam answers the next createbuyorder with 8, after creating the order or before. */
    const troubleHearingBack = (phase: 'after' | 'before') =>
      sim.control.fault({
        kind: 'eresult',
        eresult: 8,
        phase,
        match: { path: '/community/market/createbuyorder', account: created.accountName },
        count: 1,
      });
    await troubleHearingBack('after');
    const recovered = await sim.gateway.createBuyOrder(session, {
      marketHashName: NAME,
      priceMinor: 1_000,
      quantity: 1,
      currencyId: 5,
    });
    expect(recovered).toMatchObject({ status: 'created', recovered: true });
    const mine = await sim.gateway.getMyListings(session);
    expect(mine.buyOrders.map((order) => order.buyOrderId)).toEqual([
      recovered.status === 'created' ? recovered.buyOrderId : '',
    ]);

    await troubleHearingBack('before');
    const lost = await steamFailure(
      sim.gateway.createBuyOrder(session, {
        marketHashName: 'Chroma 2 Case',
        priceMinor: 100,
        quantity: 1,
        currencyId: 5,
      }),
    );
    expect(lost).toMatchObject({ kind: 'failed', eresult: 8 });
    expect(lost.message).toMatch(/safe to retry/);
    expect((await sim.gateway.getMyListings(session)).buyOrders).toHaveLength(1);
  });

  it('buy orders that need a mobile confirmation', async () => {
    await sim.control.config({ buyOrderConfirmationThresholdMinor: 10_000 });
    try {
      const { created, session } = await sim.account({ wallet: { balanceMinor: 100_000 } });
      const waiting = await sim.gateway.createBuyOrder(session, {
        marketHashName: NAME,
        priceMinor: 5_000,
        quantity: 2,
      });
      expect(waiting.status).toBe('needs_confirmation');
      const confirmationId = waiting.status === 'needs_confirmation' ? waiting.confirmationId : '';
      await sim.gateway.acceptConfirmation(session, {
        identitySecret: created.identitySecret ?? '',
        objectId: confirmationId,
      });
      expect(
        await sim.gateway.createBuyOrder(session, {
          marketHashName: NAME,
          priceMinor: 5_000,
          quantity: 2,
          confirmationId,
        }),
      ).toEqual({
        status: 'created',
        buyOrderId: confirmationId,
        recovered: false,
      });
      const auto = await sim.gateway.createBuyOrder(session, {
        marketHashName: 'Chroma 2 Case',
        priceMinor: 20_000,
        quantity: 1,
        identitySecret: created.identitySecret,
      });
      expect(auto).toMatchObject({ status: 'created', recovered: false });
    } finally {
      await sim.control.config({ buyOrderConfirmationThresholdMinor: null });
    }
  });

  it('reads price overviews in the asked currency and backs off on 429', async () => {
    await sim.control.setPrice(NAME, 123_456, 120_000, 1_234, 5);
    const rub = await sim.gateway.priceOverview({ marketHashName: NAME, currencyId: 5 });
    expect(rub).toEqual({
      lowestPrice: '1 234,56 pуб.',
      medianPrice: '1 200 pуб.',
      lowestPriceMinor: 123_456,
      medianPriceMinor: 120_000,
      volume: 1_234,
    });
    const usd = await sim.gateway.priceOverview({ marketHashName: NAME, currencyId: 1 });
    // Set in roubles, read in dollars: converted at the simulator's 90 RUB per USD.
    expect(usd).toMatchObject({ lowestPrice: '$13.72', lowestPriceMinor: 1_372 });
    expect(
      await steamFailure(sim.gateway.priceOverview({ marketHashName: 'No Such Item', currencyId: 1 })),
    ).toMatchObject({ kind: 'not_found' });

    await sim.control.config({ priceOverviewRateLimit: { max: 1, windowMs: 60_000 } });
    try {
      await sim.control.resetLimits();
      await sim.gateway.priceOverview({ marketHashName: NAME, currencyId: 5 });
      expect(
        await steamFailure(sim.gateway.priceOverview({ marketHashName: NAME, currencyId: 5 })),
      ).toMatchObject({ kind: 'rate_limited', status: 429 });
      expect((await sim.control.stats()).rateLimited.priceOverview).toBe(1);
    } finally {
      await sim.control.config({ priceOverviewRateLimit: { max: 10_000 } });
    }
  });
});
