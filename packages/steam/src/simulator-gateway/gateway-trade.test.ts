import { describe, expect, it } from 'vitest';

import { tradeUrlFor } from '../steam-id.ts';
import { TRADE_OFFER_STATES } from '../steam-gateway.ts';
import { steamSimForSuite } from '../testing/steam-sim-harness.ts';
import { steamFailure } from '../testing/steam-failure.ts';

const DAY = 86_400_000;

describe('SteamSimulatorGateway: trade offers and mobile confirmations', () => {
  const sim = steamSimForSuite();

  it('send → needs confirmation → confirm → partner accepts → Accepted; the item moves with a trade hold', async () => {
    const seller = await sim.account({ items: [{ name: 'AK-47 | Redline (Field-Tested)' }] });
    const buyer = await sim.account();
    const [item] = seller.created.items;
    const asset = { appId: 730, contextId: '2', assetId: item?.assetid ?? '' };

    const sent = await sim.gateway.createOffer(seller.session, {
      tradeUrl: buyer.created.tradeUrl,
      assets: [asset],
      message: 'tm order 42',
    });
    expect(sent).toMatchObject({
      needsConfirmation: true,
      confirmationMethod: 'mobile',
      state: TRADE_OFFER_STATES.CreatedNeedsConfirmation,
    });
    const pending = await sim.gateway.getOffer(seller.session, sent.offerId);
    expect(pending).toMatchObject({
      id: sent.offerId,
      state: 9,
      stateName: 'CreatedNeedsConfirmation',
      isOurOffer: true,
      partnerSteamId: buyer.created.steamId,
      message: 'tm order 42',
      confirmationMethod: 'mobile',
      itemsToReceive: [],
    });
    expect(pending.itemsToGive).toMatchObject([
      {
        assetId: asset.assetId,
        appId: 730,
        contextId: '2',
        marketHashName: 'AK-47 | Redline (Field-Tested)',
      },
    ]);

    const confirmations = await sim.gateway.listConfirmations(
      seller.session,
      seller.created.identitySecret ?? '',
    );
    expect(confirmations).toMatchObject([{ objectId: sent.offerId, type: 2, typeName: 'trade' }]);
    await sim.gateway.acceptConfirmation(seller.session, {
      identitySecret: seller.created.identitySecret ?? '',
      objectId: sent.offerId,
    });
    expect((await sim.gateway.getOffer(seller.session, sent.offerId)).stateName).toBe('Active');

    const accepted = await sim.control.acceptOfferAsPartner(sent.offerId);
    expect(accepted.state).toBe(3);
    const done = await sim.gateway.getOffer(seller.session, sent.offerId);
    expect(done).toMatchObject({
      state: TRADE_OFFER_STATES.Accepted,
      stateName: 'Accepted',
      escrowEndsAt: null,
    });
    expect(done.tradeId).toMatch(/^\d+$/);

    expect((await sim.gateway.getInventory(seller.session, { appId: 730, contextId: '2' })).totalCount).toBe(
      0,
    );
    const received = await sim.gateway.getInventory(buyer.session, { appId: 730, contextId: '2' });
    expect(received.items).toHaveLength(1);
    expect(received.items[0]).toMatchObject({
      marketHashName: 'AK-47 | Redline (Field-Tested)',
      tradable: false,
    });
    expect(received.items[0]?.assetId).not.toBe(asset.assetId);
    expect(received.items[0]?.tradableAfter).not.toBeNull();
  });

  it('lists sent and received offers (getOffers): active, historical, all; a lost send is found by its message', async () => {
    const me = await sim.account({ items: 3 });
    const partner = await sim.account();
    const give = (i: number) => [{ appId: 730, contextId: '2', assetId: me.created.items[i]?.assetid ?? '' }];
    const open = await sim.gateway.createOffer(me.session, {
      tradeUrl: partner.created.tradeUrl,
      assets: give(0),
      message: 'code-A',
    });
    const ended = await sim.gateway.createOffer(me.session, {
      tradeUrl: partner.created.tradeUrl,
      assets: give(1),
      message: 'code-B',
    });
    await sim.gateway.cancelOffer(me.session, ended.offerId);

    const all = await sim.gateway.getOffers(me.session);
    expect(all.sent.map((o) => [o.message, o.stateName]).sort()).toEqual([
      ['code-A', 'CreatedNeedsConfirmation'],
      ['code-B', 'Canceled'],
    ]);
    expect(all.sent.find((o) => o.message === 'code-A')).toMatchObject({
      id: open.offerId,
      isOurOffer: true,
      partnerSteamId: partner.created.steamId,
    });
    expect(all.sent[0]?.itemsToGive[0]?.marketHashName).toEqual(expect.any(String));
    expect(all.received).toEqual([]);

    const active = await sim.gateway.getOffers(me.session, {
      filter: 'active',
      since: new Date(Date.now() + DAY).toISOString(),
    });
    expect(active.sent.map((o) => o.id)).toEqual([open.offerId]);
    const historical = await sim.gateway.getOffers(me.session, { filter: 'historical' });
    expect(historical.sent.map((o) => o.id)).toEqual([ended.offerId]);
    // The partner sees it as received.
    const theirs = await sim.gateway.getOffers(partner.session, { filter: 'all' });
    expect(theirs.received.map((o) => o.id).sort()).toEqual([open.offerId, ended.offerId].sort());
    expect(theirs.sent).toEqual([]);
  });

  it('accepts incoming offers: a gift at once, one that takes our item after a confirmation', async () => {
    const me = await sim.account({ items: 1 });
    const gift = await sim.control.sendIncomingOffer(me.created.accountName, {
      give: ['Prisma 2 Case'],
      message: 'gift',
    });
    const offer = await sim.gateway.getOffer(me.session, gift.tradeofferid);
    expect(offer).toMatchObject({
      isOurOffer: false,
      state: 2,
      partnerSteamId: gift.sender,
      itemsToGive: [],
    });
    expect(offer.itemsToReceive).toMatchObject([{ marketHashName: 'Prisma 2 Case' }]);
    expect(await sim.gateway.acceptOffer(me.session, gift.tradeofferid)).toMatchObject({
      status: 'accepted',
    });
    expect((await sim.gateway.getInventory(me.session, { appId: 730, contextId: '2' })).totalCount).toBe(2);

    const swap = await sim.control.sendIncomingOffer(me.created.accountName, {
      give: 1,
      request: [me.created.items[0]?.assetid ?? ''],
    });
    expect(await sim.gateway.acceptOffer(me.session, swap.tradeofferid)).toEqual({
      status: 'pending',
      tradeId: null,
    });
    expect((await sim.gateway.getOffer(me.session, swap.tradeofferid)).state).toBe(2);
    await sim.gateway.acceptConfirmation(me.session, {
      identitySecret: me.created.identitySecret ?? '',
      objectId: swap.tradeofferid,
    });
    expect((await sim.gateway.getOffer(me.session, swap.tradeofferid)).stateName).toBe('Accepted');
  });

  it('cancels our offers, declines theirs; partners decline and counter; offers expire after 14 days', async () => {
    const me = await sim.account({ items: 4 });
    const partner = await sim.account();
    const send = (index: number) =>
      sim.gateway.createOffer(me.session, {
        tradeUrl: partner.created.tradeUrl,
        assets: [{ appId: 730, contextId: '2', assetId: me.created.items[index]?.assetid ?? '' }],
      });
    const canceled = await sim.gateway.cancelOffer(me.session, (await send(0)).offerId);
    expect(canceled).toMatchObject({ stateName: 'Canceled', isOurOffer: true });
    expect(await sim.gateway.listConfirmations(me.session, me.created.identitySecret ?? '')).toEqual([]);

    const incoming = await sim.control.sendIncomingOffer(me.created.accountName, { give: 1 });
    expect(await sim.gateway.cancelOffer(me.session, incoming.tradeofferid)).toMatchObject({
      stateName: 'Declined',
      isOurOffer: false,
    });
    expect(await steamFailure(sim.gateway.cancelOffer(me.session, incoming.tradeofferid))).toMatchObject({
      kind: 'failed',
    });

    const sendConfirmed = async (index: number) => {
      const sent = await send(index);
      await sim.gateway.acceptConfirmation(me.session, {
        identitySecret: me.created.identitySecret ?? '',
        objectId: sent.offerId,
      });
      return sent;
    };
    const declined = await sendConfirmed(1);
    await sim.control.declineOfferAsPartner(declined.offerId);
    expect((await sim.gateway.getOffer(me.session, declined.offerId)).stateName).toBe('Declined');

    const countered = await sendConfirmed(2);
    await sim.control.counterOffer(countered.offerId);
    expect((await sim.gateway.getOffer(me.session, countered.offerId)).stateName).toBe('Countered');

    const stale = await send(3);
    await sim.control.advance(14 * DAY + 60_000);
    const fresh = await sim.gateway.refreshSession(me.session);
    expect((await sim.gateway.getOffer(fresh, stale.offerId)).stateName).toBe('Expired');
    expect(await steamFailure(sim.gateway.getOffer(fresh, '1'))).toMatchObject({ kind: 'not_found' });
  });

  it('puts trades of a new authenticator in escrow (InEscrow 11), delivered when it ends', async () => {
    const me = await sim.account({ items: 1, twoFactorAgeDays: 2 });
    const partner = await sim.account();
    const sent = await sim.gateway.createOffer(me.session, {
      tradeUrl: partner.created.tradeUrl,
      assets: [{ appId: 730, contextId: '2', assetId: me.created.items[0]?.assetid ?? '' }],
    });
    await sim.gateway.acceptConfirmation(me.session, {
      identitySecret: me.created.identitySecret ?? '',
      objectId: sent.offerId,
    });
    await sim.control.acceptOfferAsPartner(sent.offerId);
    const escrow = await sim.gateway.getOffer(me.session, sent.offerId);
    expect(escrow.stateName).toBe('InEscrow');
    expect(Date.parse(escrow.escrowEndsAt ?? '') - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect((await sim.gateway.getInventory(partner.session, { appId: 730, contextId: '2' })).totalCount).toBe(
      0,
    );
    await sim.control.advance(7 * DAY + 60_000);
    const fresh = await sim.gateway.refreshSession(partner.session);
    expect((await sim.gateway.getOffer(fresh, sent.offerId)).stateName).toBe('Accepted');
    expect((await sim.gateway.getInventory(fresh, { appId: 730, contextId: '2' })).totalCount).toBe(1);
  });

  it('refuses held items (trade_hold), a wrong trade token (access_denied) and the sixth offer to one partner (offer_limit)', async () => {
    const me = await sim.account({ items: [{ holdDays: 7 }, {}] });
    const partner = await sim.account();
    const [held, free] = me.created.items;
    const heldError = await steamFailure(
      sim.gateway.createOffer(me.session, {
        tradeUrl: partner.created.tradeUrl,
        assets: [{ appId: 730, contextId: '2', assetId: held?.assetid ?? '' }],
      }),
    );
    expect(heldError).toMatchObject({ kind: 'trade_hold', eresult: 15 });
    const badToken = partner.created.tradeUrl.replace(/token=.*/, 'token=wrongtok');
    expect(
      await steamFailure(
        sim.gateway.createOffer(me.session, {
          tradeUrl: badToken,
          assets: [{ appId: 730, contextId: '2', assetId: free?.assetid ?? '' }],
        }),
      ),
    ).toMatchObject({ kind: 'access_denied', eresult: 15 });
    expect(
      await steamFailure(
        sim.gateway.createOffer(me.session, {
          tradeUrl: partner.created.tradeUrl,
          assets: [{ appId: 730, contextId: '2', assetId: '1' }],
        }),
      ),
    ).toMatchObject({ kind: 'not_found', eresult: 26 });

    const asset = { appId: 730, contextId: '2', assetId: free?.assetid ?? '' };
    const sent = [];
    for (let i = 0; i < 5; i++)
      sent.push(
        await sim.gateway.createOffer(me.session, { tradeUrl: partner.created.tradeUrl, assets: [asset] }),
      );
    expect(
      await steamFailure(
        sim.gateway.createOffer(me.session, { tradeUrl: partner.created.tradeUrl, assets: [asset] }),
      ),
    ).toMatchObject({
      kind: 'offer_limit',
      eresult: 25,
    });

    // two offers with the same item: the second to be accepted finds it gone (InvalidItems 8)
    for (const offer of sent.slice(0, 2))
      await sim.gateway.acceptConfirmation(me.session, {
        identitySecret: me.created.identitySecret ?? '',
        objectId: offer.offerId,
      });
    await sim.control.acceptOfferAsPartner(sent[0]?.offerId ?? '');
    await sim.control.acceptOfferAsPartner(sent[1]?.offerId ?? '');
    expect((await sim.gateway.getOffer(me.session, sent[1]?.offerId ?? '')).stateName).toBe('InvalidItems');
  });

  it('blocks after about 15 quick confirmations; checks confirmation keys against identity_secret', async () => {
    const me = await sim.account({ items: 1 });
    const asset = { appId: 730, contextId: '2', assetId: me.created.items[0]?.assetid ?? '' };
    await sim.control.config({ confirmationRateLimit: { max: 15, windowMs: 60_000, blockMs: 300_000 } });
    try {
      const offers = [];
      // unknown partners (not simulator accounts) are accepted as counterparties, 5 offers per partner at most
      for (let i = 0; i < 16; i++) {
        offers.push(
          await sim.gateway.createOffer(me.session, {
            tradeUrl: tradeUrlFor(50_000 + Math.floor(i / 4), 'anytoken'),
            assets: [asset],
          }),
        );
      }
      const wrongSecret = Buffer.alloc(20, 1).toString('base64');
      expect(await steamFailure(sim.gateway.listConfirmations(me.session, wrongSecret))).toMatchObject({
        kind: 'access_denied',
      });
      expect(await sim.gateway.listConfirmations(me.session, me.created.identitySecret ?? '')).toHaveLength(
        16,
      );
      for (const offer of offers.slice(0, 15)) {
        await sim.gateway.acceptConfirmation(me.session, {
          identitySecret: me.created.identitySecret ?? '',
          objectId: offer.offerId,
        });
      }
      const blocked = await steamFailure(
        sim.gateway.acceptConfirmation(me.session, {
          identitySecret: me.created.identitySecret ?? '',
          objectId: offers[15]?.offerId ?? '',
        }),
      );
      expect(blocked).toMatchObject({ kind: 'rate_limited', status: 429 });
      expect((await sim.control.stats()).confirmations.blocked).toBe(1);
      await sim.control.advance(5 * 60_000 + 1_000);
      await sim.gateway.acceptConfirmation(me.session, {
        identitySecret: me.created.identitySecret ?? '',
        objectId: offers[15]?.offerId ?? '',
      });
      expect((await sim.gateway.getOffer(me.session, offers[15]?.offerId ?? '')).stateName).toBe('Active');
    } finally {
      await sim.control.config({ confirmationRateLimit: { max: 10_000 } });
    }
  });
});
