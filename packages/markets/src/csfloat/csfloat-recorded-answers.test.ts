import { describe, expect, it } from 'vitest';

import { fixture } from '@toydesk/http/testing/replay-server';
import { useMarketSim } from '../testing/market-sim.ts';
import { shapeDifferences } from '@toydesk/http/testing/wire-shape';
import { useReplayedMarket } from '../testing/use-replayed-market.ts';
import { CsfloatMarket } from './csfloat-market.ts';

/**
 * CSFloat's own example answers (fixtures/, sources in fixtures/SOURCES.md) through the real client over real
 * HTTP: a loopback server replays the recorded bytes. Then the simulator is held to the same shape.
 */

const SEARCH = fixture(new URL('./fixtures/listings-search.json', import.meta.url));
const CREATED = fixture(new URL('./fixtures/listings-create.json', import.meta.url));

const bed = useReplayedMarket(CsfloatMarket, 'recorded-key');

describe('CSFloat recorded answers through the client', () => {
  it('reads a listing page: 18-digit ids and steam ids exact, prices and offer floor in cents', async () => {
    bed.replay.answer('GET', '/api/v1/listings', { body: SEARCH });
    const page = await bed.market.client.searchListings({
      market_hash_name: 'M4A4 | Poseidon (Factory New)',
    });
    const [listing] = page.data;
    // Above 2^53: a JS number would read 324288155723370200.
    expect(listing!.id).toBe('324288155723370196');
    expect(listing!.seller?.steam_id).toBe('76561198084749846');
    expect(listing!.item.asset_id).toBe('22547095285');
    expect(listing!.price).toBe(260000);
    expect(listing!.min_offer_price).toBe(221000);
    expect(listing!.max_offer_discount).toBe(1500);
    expect(listing!.item.float_value).toBe(0.02796577662229538);
    expect(listing!.item.paint_index).toBe(449);
    expect(listing!.state).toBe('listed');
    expect(bed.replay.received.at(-1)!.headers.authorization).toBe('recorded-key');
  });

  it('creates a listing with explicit offer settings and reads the answer (prices in cents)', async () => {
    bed.replay.answer('POST', '/api/v1/listings', { body: CREATED });
    const [result] = await bed.market.listForSale([{ asset_id: '21078095468', price: '89' }]);
    expect(result).toEqual({ asset_id: '21078095468', listing_id: '292312870132253796', error: null });
    // Without max_offer_discount CSFloat applies the profile default and the listing takes offers below its
    // price (the recorded answer: min_offer_price 7565 for a price of 8900).
    expect(JSON.parse(bed.replay.received.at(-1)!.body)).toEqual({
      asset_id: '21078095468',
      price: 8900,
      type: 'buy_now',
      max_offer_discount: 0,
    });
  });

  it('sends the configured offer discount, and refuses one that is not whole basis points', async () => {
    bed.replay.answer('POST', '/api/v1/listings', { body: CREATED });
    const generous = new CsfloatMarket({
      baseUrl: bed.replay.base,
      http: bed.replay.http,
      credential: 'recorded-key',
      maxOfferDiscount: 500,
    });
    await generous.listForSale([{ asset_id: '21078095468', price: '89.00' }]);
    expect(JSON.parse(bed.replay.received.at(-1)!.body)).toMatchObject({ max_offer_discount: 500 });
    expect(
      () =>
        new CsfloatMarket({
          baseUrl: bed.replay.base,
          http: bed.replay.http,
          credential: 'k',
          maxOfferDiscount: 0.5,
        }),
    ).toThrow(RangeError);
  });
});

describe('the CSFloat simulator answers with the recorded shape', () => {
  const sim = useMarketSim('csfloat');
  const NAME = 'Glock-18 | Water Elemental (Field-Tested)';

  it('has every field of the real listing object, in the same JSON types', async () => {
    const account = await sim.control.account({ money: '10.00', names: [NAME] });
    const simMarket = new CsfloatMarket({
      baseUrl: sim.endpoint.baseUrl,
      http: sim.http,
      credential: account.credential,
    });
    const [item] = await simMarket.getInventory();
    const [listed] = await simMarket.listForSale([{ asset_id: item!.asset_id, price: '5.00' }]);
    expect(BigInt(listed!.listing_id!) > 2n ** 53n).toBe(true);
    const answer = await fetch(
      `${sim.endpoint.baseUrl}/api/v1/listings?market_hash_name=${encodeURIComponent(NAME)}`,
      { headers: { authorization: account.credential } },
    );
    const body = (await answer.json()) as { data: unknown[] };
    const [real] = JSON.parse(SEARCH) as unknown[];
    expect(shapeDifferences(real, body.data[0])).toEqual([]);
    // The recorded create answer carries the listing's `description` (it was given one, this listing was not)
    // and shows our own seller as `obfuscated_id`.
    expect(shapeDifferences(JSON.parse(CREATED), body.data[0])).toEqual([
      'description: missing',
      'seller.obfuscated_id: missing',
    ]);
  });

  it('keeps the offer settings a listing was created with; the profile default accepts offers below the price', async () => {
    const account = await sim.control.account({ money: '10.00', names: [NAME, NAME] });
    const simMarket = new CsfloatMarket({
      baseUrl: sim.endpoint.baseUrl,
      http: sim.http,
      credential: account.credential,
    });
    const [first, second] = await simMarket.getInventory();
    const [ours] = await simMarket.listForSale([{ asset_id: first!.asset_id, price: '20.00' }]);
    const bare = await fetch(`${sim.endpoint.baseUrl}/api/v1/listings`, {
      method: 'POST',
      headers: { authorization: account.credential, 'content-type': 'application/json' },
      body: JSON.stringify({ asset_id: second!.asset_id, price: 2000, type: 'buy_now' }),
    });
    const defaulted = (await bare.json()) as { min_offer_price: number; max_offer_discount: number };
    expect(defaulted).toMatchObject({ max_offer_discount: 1500, min_offer_price: 1700 });
    const stall = await simMarket.client.getStall((await simMarket.client.getMe()).user.steam_id);
    const explicit = stall.data.find((listing) => listing.id === ours!.listing_id);
    expect(explicit).toMatchObject({ price: 2000, min_offer_price: 2000, max_offer_discount: 0 });
  });
});
