import { HttpClient } from '@toydesk/http';
import { fixture, startReplayServer, type ReplayServer } from '@toydesk/http/testing/replay-server';
import { shapeDifferences } from '@toydesk/http/testing/wire-shape';
import { createSteamSimulator, SteamSimControlClient } from '@toydesk/simulators/steam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cookieSession } from '../session.ts';
import { createBuyOrder, getMyListings, priceOverview, sellItem } from './market-calls.ts';
import { SteamWebClient } from './steam-web-client.ts';

/**
 * Steam Community Market answers recorded by public client code (fixtures/, sources in fixtures/SOURCES.md)
 * through the one market client over real HTTP: a loopback server replays the recorded bytes. Prices are
 * formatted strings in the wallet currency; amounts sent are integer cents.
 */

const read = (name: string) => fixture(new URL(`./fixtures/${name}`, import.meta.url));
const STEAM_ID = '76561198084749846';
const session = cookieSession(`sessionid=abc123; steamLoginSecure=${STEAM_ID}%7C%7Ctoken`);
const form = (request: { body: string }) => Object.fromEntries(new URLSearchParams(request.body));

let replay: ReplayServer;
let web: SteamWebClient;

beforeAll(async () => {
  replay = await startReplayServer();
  web = new SteamWebClient({ http: replay.http, hosts: { community: replay.base, api: replay.base } });
});
afterAll(() => replay.close());

describe('Steam market recorded answers through the client', () => {
  it('reads priceoverview in euros ("1,66€", volume "5,638")', async () => {
    replay.answer('GET', '/market/priceoverview/', { body: read('priceoverview-eur.json') });
    expect(await priceOverview(web, { marketHashName: 'Horizon Case', currencyId: 3 }, null)).toEqual({
      lowestPrice: '1,66€',
      medianPrice: '1,63€',
      lowestPriceMinor: 166,
      medianPriceMinor: 163,
      volume: 5638,
    });
    expect(new URL(replay.received.at(-1)!.url, 'http://x').searchParams.get('currency')).toBe('3');
  });

  it('reads an older priceoverview with the euro sign as an HTML entity', async () => {
    replay.answer('GET', '/market/priceoverview/', { body: read('priceoverview-eur-entity.json') });
    const name = 'StatTrak™ M4A1-S | Hyper Beast (Minimal Wear)';
    const overview = await priceOverview(web, { marketHashName: name, currencyId: 3 }, null);
    expect(overview).toMatchObject({ lowestPriceMinor: 26_135, volume: 11 });
  });

  it('lists: sellitem with the seller amount in cents, then reads an (empty) mylistings answer', async () => {
    replay.answer('POST', '/market/sellitem/', { body: read('sellitem-needs-confirmation.json') });
    replay.answer('GET', '/market/mylistings', { body: read('mylistings-empty.json') });
    const listed = await sellItem(web, session, { assetId: '22547095285', priceMinor: 150 });
    // Listed but waiting for the mobile confirmation: not among the listings yet, so no id.
    expect(listed).toEqual({ needsConfirmation: true, listingId: null, confirmed: false });
    const sell = replay.received.find((request) => request.url.startsWith('/market/sellitem/'))!;
    expect(form(sell)).toMatchObject({
      sessionid: 'abc123',
      appid: '730',
      contextid: '2',
      assetid: '22547095285',
      amount: '1',
      price: '150',
    });
    expect(await getMyListings(web, session)).toEqual({ listings: [], buyOrders: [] });
  });

  it('turns a refused sellitem (success false, message) into a SteamError with that message', async () => {
    replay.answer('POST', '/market/sellitem/', { body: read('sellitem-refused.json') });
    await expect(sellItem(web, session, { assetId: '22547095286', priceMinor: 100 })).rejects.toMatchObject({
      name: 'SteamError',
      kind: 'failed',
      message: 'createListing: You already have a listing for this item pending confirmation.',
    });
  });

  it('creates a buy order (price_total in cents) and keeps the buy_orderid as a string', async () => {
    replay.answer('POST', '/market/createbuyorder/', { body: read('createbuyorder.json') });
    const order = await createBuyOrder(web, session, {
      marketHashName: 'R8 Revolver | Bone Mask (Field-Tested)',
      currencyId: 3,
      priceMinor: 4,
      quantity: 1,
    });
    expect(order).toEqual({ status: 'created', buyOrderId: '5199674353', recovered: false });
    const create = replay.received.find((request) => request.url.startsWith('/market/createbuyorder/'))!;
    expect(form(create)).toMatchObject({ currency: '3', price_total: '4', quantity: '1' });
  });

  // Derived from the recorded mylistings shape (not recorded itself): Steam listing ids and asset ids are
  // 64-bit and come as strings; one above 2^53 must stay exact.
  it('keeps a listing id above 2^53 exact', async () => {
    const recorded = JSON.parse(read('mylistings-empty.json')) as Record<string, unknown>;
    const listing = {
      listingid: '4352847349758839275',
      time_created: 1700000000,
      asset: { id: '37459304152', market_hash_name: 'Horizon Case', classid: '3035569977', instanceid: '0' },
      price: 150,
      fee: 22,
      currencyid: '2003',
    };
    replay.answer('GET', '/market/mylistings', {
      body: JSON.stringify({ ...recorded, total_count: 1, num_active_listings: 1, listings: [listing] }),
    });
    const { listings } = await getMyListings(web, session);
    expect(listings).toEqual([
      expect.objectContaining({
        listingId: '4352847349758839275',
        assetId: '37459304152',
        priceMinor: 150,
        buyerPaysMinor: 172,
        currencyId: 3,
        status: 'active',
      }),
    ]);
  });
});

describe("the simulated Steam's market answers with the recorded shapes", () => {
  it('an empty mylistings answer has every recorded field, assets an empty array', async () => {
    const server = await createSteamSimulator();
    const http = new HttpClient();
    try {
      const base = await server.listen();
      const control = new SteamSimControlClient(base);
      const { cookie } = await control.webSession((await control.createAccount()).accountName);
      const community = `${base}/community`;
      const simWeb = new SteamWebClient({ http, hosts: { community, api: `${base}/api` } });
      expect((await getMyListings(simWeb, cookieSession(cookie))).listings).toEqual([]);
      const raw = await fetch(`${community}/market/mylistings/?start=0&count=30&norender=1`, {
        headers: { cookie },
      });
      expect(shapeDifferences(JSON.parse(read('mylistings-empty.json')), await raw.json())).toEqual([]);
    } finally {
      await http.close();
      await server.close();
    }
  });
});
