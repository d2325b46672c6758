import { describe, expect, test } from 'vitest';

import { HttpParseError, HttpStatusError, HttpTimeoutError, type HttpRequest } from '@toydesk/http';
import { loadCatalogue } from '@toydesk/simulators';

import { loadMarketEndpoints } from '../market-endpoints.ts';
import { recordingLogger, simulatorClient } from '../testing/tm-test-client.ts';
import { useTmSimulator } from '../testing/use-tm-simulator.ts';
import { createTmFamilyClient, TM_NO_KEY_WARNING } from './tm-client.ts';
import { TmBadKeyError, TmError, TmUnconfirmedError } from './tm-errors.ts';

/**
 * Every call of spec section 7 against the real simulator over HTTP, at tm's real limit of 5 requests per
 * second per key. Tests run concurrently, each on its own account (its own key and limiter window).
 */

const REDLINE = 'AK-47 | Redline (Field-Tested)';
const WATER = 'Glock-18 | Water Elemental (Field-Tested)';
// Tests run concurrently on one market: a name one test lists cheaply is not one another test buys.
const BLAZE = 'Desert Eagle | Blaze (Minimal Wear)';
const METEORITE = 'Desert Eagle | Meteorite (Minimal Wear)';
const NIGHT_HEIST = 'Desert Eagle | Night Heist (Field-Tested)';
const catalogue = loadCatalogue();
const redline = catalogue.byHashName(REDLINE)!;

const bed = useTmSimulator({ markets: ['tm', 'cs7'] });

// The public files are built and parsed whole on the one event loop that runs both the simulator and the
// clients: they run first, alone, so that they cannot hold up other tests' requests between their rate-limit
// token and the wire for longer than the limiter's 100 ms margin.
describe('public files', () => {
  test('without a key: the spec warning, public files work, keyed calls refuse without a request', async () => {
    const logger = recordingLogger();
    const sent: string[] = [];
    const counting = { request: (req: HttpRequest) => (sent.push(req.url), bed.http.request(req)) };
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: null, logger, http: counting });
    expect(logger.messages).toEqual([TM_NO_KEY_WARNING]);
    expect(logger.messages[0]).toBe('[getTmInstance] Вызов без api key');
    await expect(tm.account.getMoney()).rejects.toBeInstanceOf(TmBadKeyError);
    expect(sent).toEqual([]);
    expect((await tm.publicFiles.orderPrices()).items.length).toBeGreaterThan(0);
    expect(sent).toEqual([`${bed.sim.baseUrl()}/api/v2/prices/orders/RUB.json`]);
  });

  test('public files: class_instance and orders lists, the item database CSV', async () => {
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: null });
    const rub = await tm.publicFiles.classInstancePrices('RUB');
    const entry = rub.items.find((item) => item.marketHashName === REDLINE)!;
    expect(entry.classInstance).toBe(`${redline.classid}_${redline.instanceid}`);
    expect(entry.price).toMatch(/^\d+\.\d{2}$/);
    const usd = await tm.publicFiles.classInstancePrices('USD');
    expect(usd.currency).toBe('USD');
    expect(usd.items.find((item) => item.marketHashName === REDLINE)!.price).toMatch(/^\d+\.\d{2,3}$/);
    const orders = await tm.publicFiles.orderPrices('RUB');
    expect(orders.items.length).toBeGreaterThan(100);
    const db = await tm.publicFiles.itemDb();
    expect(db.file).toMatch(/^730_\d+\.csv$/);
    const row = db.rows.find((item) => item.marketHashName === REDLINE)!;
    expect(row).toMatchObject({ classid: redline.classid, instanceid: redline.instanceid, stickers: '0' });
    expect(row.priceRub).toBe(entry.price);
  });
});

describe.concurrent('tm client against the simulator', () => {
  test('account: get-money, tokens, test, ping-new, go-offline, update-inventory, pay password', async ({
    expect,
  }) => {
    const account = await bed.sim.createAccount({ money: 1234.56 });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });

    expect(await tm.account.getMoney()).toEqual({ money: '1234.56', settlement: '0.00', currency: 'RUB' });
    expect(await tm.account.setTradeToken('AbCd_123')).toEqual({ token: 'AbCd_123' });
    await expect(tm.account.setTradeToken('short')).rejects.toMatchObject({ code: 'bad_token', status: 200 });
    expect((await tm.account.getWsToken()).token).toMatch(/^[0-9a-f]{32}$/);
    expect(await tm.account.test()).toMatchObject({ userToken: true, siteOnline: false, siteNotmpban: true });
    expect(
      await tm.account.pingNew({ accessToken: 'eyJ.steam.token', proxy: 'http://10.0.0.1:3128' }),
    ).toEqual({
      status: 'pong',
      online: true,
      p2p: true,
      steamApiKey: true,
    });
    expect(await tm.account.pingNew({ accessToken: 'eyJ.steam.token' })).toEqual({ status: 'too_early' });
    expect((await tm.legacy.test()).siteOnline).toBe(true);
    await tm.account.goOffline();
    expect((await tm.account.test()).siteOnline).toBe(false);
    await tm.account.updateInventory();
    await tm.account.setPayPassword({ newPassword: 'first-pass' });
    await expect(
      tm.account.setPayPassword({ newPassword: 'next', oldPassword: 'wrong' }),
    ).rejects.toMatchObject({
      code: 'wrong_old_password',
    });
    await tm.account.setPayPassword({ newPassword: 'next-pass', oldPassword: 'first-pass' });
    expect((await bed.sim.accountState<{ payPassword: string }>(account.key)).payPassword).toBe('next-pass');
  });

  test('a trade ban in ping-new is a TmError with tm message', async ({ expect }) => {
    const account = await bed.sim.createAccount();
    await bed.sim.control('PATCH', `accounts/${account.key}`, {
      tradeBanUntil: Math.floor(Date.now() / 1000) + 3600,
    });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    const error = await tm.account.pingNew({ accessToken: 'token' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmError);
    expect((error as TmError).code).toMatch(/^You cant trade until /);
  });

  test('change-currency: numeric refusals, the switch, and cur guarding every client of the old currency', async ({
    expect,
  }) => {
    const account = await bed.sim.createAccount({ money: 0 });
    const rub = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    await expect(rub.account.changeCurrency('RUB')).rejects.toMatchObject({
      code: '1004',
      message: 'tm.change-currency: 1004 (currency already selected)',
    });
    await rub.account.changeCurrency('USD');
    await expect(rub.account.changeCurrency('EUR')).rejects.toMatchObject({ code: '1007' });
    // The RUB client would now misread every amount by a factor of 1000/100: tm refuses it instead.
    await expect(rub.account.getMoney()).rejects.toMatchObject({
      code: 'wrong_currency',
      call: 'tm.get-money',
    });
    const usd = simulatorClient(bed.sim, bed.http, { apiKey: account.key, currency: 'USD' });
    expect(await usd.account.getMoney()).toEqual({ money: '0.00', settlement: '0.00', currency: 'USD' });

    const rich = await bed.sim.createAccount({ money: 10 });
    const richClient = simulatorClient(bed.sim, bed.http, { apiKey: rich.key });
    await expect(richClient.account.changeCurrency('USD')).rejects.toMatchObject({ code: '1002' });
  });

  test('Bad KEY is a TmBadKeyError on every keyed call', async ({ expect }) => {
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: 'f'.repeat(32) });
    for (const call of [() => tm.account.getMoney(), () => tm.selling.items(), () => tm.legacy.getInv()]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TmBadKeyError);
      expect(error).toMatchObject({ code: 'Bad KEY', status: 200 });
    }
    expect((await bed.sim.keyStats('f'.repeat(32))).badKey).toBe(3);
  });

  test('selling in RUB: my-inventory, add-to-sale, items, set-price, MassSetPriceById, remove-all', async ({
    expect,
  }) => {
    const account = await bed.sim.createAccount({ names: [REDLINE, REDLINE, WATER] });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    const inventory = await tm.selling.myInventory();
    expect(inventory).toHaveLength(3);
    expect(inventory[0]).toMatchObject({ marketHashName: REDLINE, classid: redline.classid, tradable: true });
    expect(inventory[0]!.marketPrice).toBe('378.13');
    const [a, b, c] = account.items.map((item) => item.assetid) as [string, string, string];

    const first = await tm.selling.addToSale({ assetId: a, price: '12.34' });
    const second = await tm.selling.addToSale({ assetId: b, price: '0.501' }); // rounded up: 51 kopecks
    await expect(tm.selling.addToSale({ assetId: c, price: '1', currency: 'USD' })).rejects.toMatchObject({
      code: 'wrong_currency',
    });
    await expect(tm.selling.addToSale({ assetId: c, price: '0' })).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(tm.selling.addToSale({ assetId: '999', price: '1' })).rejects.toMatchObject({
      code: 'item_not_in_inventory',
    });
    await expect(tm.selling.addToSale({ assetId: c, price: '1,5' })).rejects.toBeInstanceOf(TypeError);

    const listed = await tm.selling.items();
    expect(listed.map((item) => [item.itemId, item.price, item.status, item.currency])).toEqual([
      [first.itemId, '12.34', '1', 'RUB'],
      [second.itemId, '0.51', '1', 'RUB'],
    ]);
    await tm.selling.setPrice({ itemId: first.itemId, price: '15.5' });
    await expect(tm.selling.setPrice({ itemId: '1', price: '2' })).rejects.toMatchObject({
      code: 'bad_item',
    });
    const mass = await tm.selling.massSetPriceById([
      { itemId: first.itemId, price: '20' },
      { itemId: second.itemId, price: null },
      { itemId: '42', price: '3' },
      { itemId: first.itemId.replace(/.$/, '9'), price: '0.3' },
    ]);
    expect(mass).toEqual([
      { itemId: first.itemId, ok: true, price: '20.00', error: null },
      { itemId: second.itemId, ok: true, price: '0.00', error: null },
      { itemId: '42', ok: false, price: null, error: 'bad_item' },
      { itemId: first.itemId.replace(/.$/, '9'), ok: false, price: null, error: 'bad_price' },
    ]);
    const state = await bed.sim.accountState<{ listings: { item_id: string; price: number }[] }>(account.key);
    expect(state.listings.map((listing) => [listing.item_id, listing.price])).toEqual([[first.itemId, 2000]]);
    expect(await tm.selling.removeAllFromSale()).toEqual({ count: 1 });
    expect(await tm.selling.items()).toEqual([]);
    expect(await tm.legacy.removeAll()).toEqual({ count: 0 });
  });

  test('units of a USD account: mils on the wire, major-unit strings in and out', async ({ expect }) => {
    const account = await bed.sim.createAccount({
      currency: 'USD',
      money: 12.345,
      names: [NIGHT_HEIST],
      online: true,
    });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key, currency: 'USD' });
    expect(await tm.account.getMoney()).toEqual({ money: '12.345', settlement: '0.00', currency: 'USD' });
    const { itemId } = await tm.selling.addToSale({ assetId: account.items[0]!.assetid, price: '1.5' });
    const listingPrice = async () =>
      (await bed.sim.accountState<{ listings: { price: number }[] }>(account.key)).listings[0]!.price;
    expect(await listingPrice()).toBe(1500);
    expect((await tm.selling.items())[0]).toMatchObject({ price: '1.50', currency: 'USD' });
    await tm.selling.setPrice({ itemId, price: '2.001' });
    expect(await listingPrice()).toBe(2001);
    expect((await tm.selling.items())[0]!.price).toBe('2.001');
    expect(await tm.selling.massSetPriceById([{ itemId, price: '0.051' }])).toEqual([
      { itemId, ok: true, price: '0.051', error: null },
    ]);
    expect(await listingPrice()).toBe(51);
    // Search answers integer mils of the account's currency.
    const offers = (await tm.search.searchListItemsByHashNameAll([NIGHT_HEIST])).get(NIGHT_HEIST)!;
    expect(offers.find((offer) => offer.id === itemId)?.price).toBe('0.051');
    const { ask } = await tm.search.bidAsk(NIGHT_HEIST);
    expect(ask[0]!.price).toBe('0.051');
    // A buy limit is rounded down: never more than the typed price.
    const buyer = await bed.sim.createAccount({ currency: 'USD', money: 100 });
    const buyerClient = simulatorClient(bed.sim, bed.http, { apiKey: buyer.key, currency: 'USD' });
    const bought = await buyerClient.buying.buy({ listingId: itemId, price: '0.0519' });
    expect((await buyerClient.buying.getBuyInfoByCustomId(bought.customId))?.paid).toBe('0.051');
    expect((await buyerClient.account.getMoney()).money).toBe('99.949');
  });

  test('search in RUB: bid-ask, search-item-by-hash-name, search-list-items (batches of 50)', async ({
    expect,
  }) => {
    const account = await bed.sim.createAccount({ names: [WATER], online: true });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    const { itemId } = await tm.selling.addToSale({ assetId: account.items[0]!.assetid, price: '1.23' });
    const { bid, ask } = await tm.search.bidAsk(WATER);
    expect(ask[0]).toEqual({ price: '1.23', count: 1 });
    expect(bid.length).toBeGreaterThan(0);
    expect(bid[0]!.price).toMatch(/^\d+\.\d{2}$/);
    const groups = await tm.search.searchItemByHashName(WATER);
    expect(groups[0]).toMatchObject({ marketHashName: WATER, price: '1.23', count: 1 });
    const names = catalogue.items.slice(100, 160).map((item) => item.marketHashName);
    const all = await tm.search.searchListItemsByHashNameAll([WATER, ...names]);
    expect(all.size).toBe(61);
    expect(all.get(WATER)![0]).toMatchObject({ id: itemId, price: '1.23' });
    expect((await bed.sim.keyStats(account.key)).byMethod['search-list-items-by-hash-name-all']).toBe(2);
  });

  test('trading: p2p-all (nothing, then an owed offer), trade-ready, trades', async ({ expect }) => {
    const account = await bed.sim.createAccount({ names: [REDLINE], online: true });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    expect(await tm.trading.giveP2PAll()).toEqual({ hash: null, offers: [] });
    const { itemId } = await tm.selling.addToSale({ assetId: account.items[0]!.assetid, price: '500' });
    await bed.sim.control('POST', `accounts/${account.key}/sell`, { item_id: itemId });
    const { offers } = await tm.trading.giveP2PAll();
    expect(offers).toHaveLength(1);
    expect(offers[0]!.items).toEqual([
      { appid: 730, contextid: '2', assetid: account.items[0]!.assetid, amount: 1 },
    ]);
    expect(offers[0]!.partner).toMatch(/^\d+$/);
    expect((await tm.selling.items())[0]).toMatchObject({ status: '2', price: '500.00' });
    await tm.trading.tradeReady('7001234567');
    const trades = await tm.trading.trades();
    expect(trades).toEqual([
      expect.objectContaining({ dir: 'out', tradeId: '7001234567', secret: offers[0]!.tradeOfferMessage }),
    ]);
    expect(trades[0]!.items).toEqual([
      {
        itemId,
        assetId: account.items[0]!.assetid,
        classid: redline.classid,
        instanceid: redline.instanceid,
      },
    ]);
  });

  test('buying: buy, get-buy-info-by-custom-id, refusals, operation-history', async ({ expect }) => {
    const account = await bed.sim.createAccount({ money: 5000 });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    const from = new Date(Date.now() - 60_000);
    const bought = await tm.buying.buy({ hashName: BLAZE, price: '1000', customId: 'order-42' });
    expect(bought).toMatchObject({
      customId: 'order-42',
      outcome: 'succeeded',
      attempts: 1,
      firstFailure: null,
    });
    const info = await tm.buying.getBuyInfoByCustomId('order-42');
    expect(info).toMatchObject({
      stage: 1,
      purchaseId: bought.purchaseId,
      marketHashName: BLAZE,
      currency: 'RUB',
    });
    expect(info!.paid).toMatch(/^\d+\.\d{2}$/);
    expect(await tm.buying.getBuyInfoByCustomId('never-used')).toBeNull();
    await expect(tm.buying.buy({ hashName: BLAZE, price: '0.01' })).rejects.toMatchObject({
      code: 'price_too_low',
    });
    await expect(tm.buying.buy({ hashName: 'No Such Item', price: '1' })).rejects.toMatchObject({
      code: 'item_not_found',
    });
    const generated = await tm.buying.buy({ hashName: METEORITE, price: '1000' });
    expect(generated.customId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await tm.selling.items()).map((item) => item.status)).toEqual(['3', '3']);
    const history = await tm.history.operationHistory(from, new Date(Date.now() + 60_000));
    expect(history.map((entry) => [entry.event, entry.customId, entry.paid])).toEqual(
      expect.arrayContaining([['buy', 'order-42', info!.paid]]),
    );
    const paid = history.reduce((sum, entry) => sum + Number(entry.paid!.replace('.', '')), 0);
    expect((await tm.account.getMoney()).money).toBe(((500_000 - paid) / 100).toFixed(2));
  });

  test('orders: set-order, get-orders, delete by price 0, DeleteOrders', async ({ expect }) => {
    const account = await bed.sim.createAccount({ money: 100 });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    const set = await tm.orders.setOrder({ marketHashName: REDLINE, price: '10.509', count: 2 });
    expect(set.outcome).toBe('succeeded');
    expect(set.order).toMatchObject({
      marketHashName: REDLINE,
      price: '10.50',
      count: 2,
      phase: '',
      currency: 'RUB',
    });
    await tm.orders.setOrder({ marketHashName: WATER, price: '3', count: 1 });
    expect((await tm.orders.getOrders(0)).map((order) => [order.marketHashName, order.price])).toEqual([
      [REDLINE, '10.50'],
      [WATER, '3.00'],
    ]);
    expect((await tm.orders.setOrder({ marketHashName: REDLINE, price: '0', count: 1 })).order).toBeNull();
    expect(await tm.orders.getAllOrders()).toHaveLength(1);
    await expect(
      tm.orders.setOrder({ marketHashName: 'No Such Item', price: '1', count: 1 }),
    ).rejects.toMatchObject({
      code: 'item_not_found',
    });
    expect(await tm.legacy.deleteOrders()).toEqual({ deleted: 1 });
  });

  test('legacy: MassInfo, ProcessOrder, GetInv, GetStickers, GetWSAuth, GetMyProfileHash', async ({
    expect,
  }) => {
    const account = await bed.sim.createAccount({ money: 100, names: [WATER] });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key });
    const ids = [`${redline.classid}_${redline.instanceid}`, '1_2'];
    const [info, ...rest] = await tm.legacy.massInfo({ sell: 1, buy: 1, history: 1, info: 2 }, ids);
    expect(rest).toEqual([]);
    expect(info).toMatchObject({ classid: redline.classid, instanceid: redline.instanceid });
    expect(info!.info?.marketHashName).toBe(REDLINE);
    expect(info!.sellOffers!.bestOffer).toMatch(/^\d+\.\d{2}$/);
    expect(info!.sellOffers!.offers[0]!.price).toBe(info!.sellOffers!.bestOffer);
    expect(info!.buyOffers!.offers.length).toBeGreaterThan(0);
    expect(info!.history).not.toBeNull();

    const inserted = await tm.legacy.processOrder({
      classid: redline.classid,
      instanceid: redline.instanceid,
      price: '5',
    });
    expect(inserted).toMatchObject({ way: 'insert', outcome: 'succeeded' });
    await expect(
      tm.legacy.processOrder({ classid: redline.classid, instanceid: redline.instanceid, price: '5' }),
    ).rejects.toMatchObject({ code: 'same_price' });
    expect((await tm.orders.getAllOrders()).map((order) => [order.marketHashName, order.price])).toEqual([
      [REDLINE, '5.00'],
    ]);
    expect(
      (await tm.legacy.processOrder({ classid: redline.classid, instanceid: redline.instanceid, price: '0' }))
        .way,
    ).toBe('delete');

    expect(await tm.legacy.getInv()).toEqual([
      expect.objectContaining({
        assetId: account.items[0]!.assetid,
        marketHashName: WATER,
        marketPriceRub: '209.16',
      }),
    ]);
    const ru = await tm.legacy.getStickers();
    const en = await tm.legacy.getStickers('en');
    expect(ru[0]!.name).toMatch(/^Наклейка/);
    expect(en[0]!.name).toMatch(/^Sticker/);
    expect((await tm.legacy.getWsAuth()).wsAuth).toMatch(/^[0-9a-f]+$/);
    expect((await tm.legacy.getMyProfileHash()).hash).toMatch(/^[0-9a-f]+$/);
  });

  test('transfers: money-send, wrong_payment_password, history, lookup by custom_id', async ({ expect }) => {
    const sender = await bed.sim.createAccount({ money: 5000, payPassword: 'pay-1' });
    const receiver = await bed.sim.createAccount({ currency: 'USD' });
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: sender.key });
    await expect(
      tm.transfers.send({ amount: '1000', toApiKey: receiver.key, payPassword: 'wrong' }),
    ).rejects.toMatchObject({ code: 'wrong_payment_password' });
    await expect(
      tm.transfers.send({ amount: '999.99', toApiKey: receiver.key, payPassword: 'pay-1' }),
    ).rejects.toMatchObject({ code: 'amount_too_small' });
    const sent = await tm.transfers.send({ amount: '1500.5', toApiKey: receiver.key, payPassword: 'pay-1' });
    expect(sent).toMatchObject({ amount: '1500.50', currency: 'RUB', outcome: 'succeeded' });
    const [transfer] = await tm.transfers.history(0);
    expect(transfer).toMatchObject({
      amountFrom: '1500.50',
      currencyFrom: 'RUB',
      amountTo: '16.672', // 1500.50 RUB at 90 RUB per USD, floored to the mil
      currencyTo: 'USD',
      customId: sent.customId,
    });
    expect(await tm.transfers.getByCustomId(sent.customId)).toEqual(transfer);
    expect(await tm.transfers.getByCustomId('unknown')).toBeNull();
    expect(await tm.transfers.history(1)).toEqual([]);
  });

  test('transport: one retry of a safe GET on 503, nginx pages and timeouts as transport errors, 429', async ({
    expect,
  }) => {
    const account = await bed.sim.createAccount({ money: 1 });
    const key = account.key;
    const tm = simulatorClient(bed.sim, bed.http, {
      apiKey: key,
      timeouts: { accountStatus: 300, itemList: 300 },
    });

    await bed.sim.addFault({ match: { key, path: '/get-money' }, kind: 'status', status: 503, count: 1 });
    expect((await tm.account.getMoney()).money).toBe('1.00');
    expect((await bed.sim.keyStats(key)).byMethod['get-money']).toBe(2);

    await bed.sim.addFault({ match: { key, path: '/get-money' }, kind: 'html', status: 502, count: 2 });
    const html = await tm.account.getMoney().catch((e: unknown) => e);
    expect(html).toBeInstanceOf(HttpStatusError);
    expect(html).not.toBeInstanceOf(TmError);
    expect(html).toMatchObject({ status: 502, attempts: 2 });
    expect((html as HttpStatusError).bodyText).toContain('<center>nginx</center>');

    await bed.sim.addFault({ match: { key, path: '/items' }, kind: 'html', status: 200, count: 1 });
    await expect(tm.selling.items()).rejects.toBeInstanceOf(HttpParseError);

    await bed.sim.addFault({ match: { key, path: '/my-inventory' }, kind: 'slow', delayMs: 800, count: 2 });
    const slow = await tm.selling.myInventory().catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(HttpTimeoutError);
    expect(slow).toMatchObject({ attempts: 2, message: expect.stringContaining('timed out after 300 ms') });

    await bed.sim.addFault({ match: { key, path: '/go-offline' }, kind: 'status', status: 429, count: 2 });
    await expect(tm.account.goOffline()).rejects.toMatchObject({ code: 'too many requests', status: 429 });
    expect((await tm.account.getMoney()).money).toBe('1.00');
  });

  test('errors never show the key, the receiving key or the pay password', async ({ expect }) => {
    const sender = await bed.sim.createAccount({ money: 5000, payPassword: 'secret-pay-pass' });
    const receiver = await bed.sim.createAccount();
    const tm = simulatorClient(bed.sim, bed.http, { apiKey: sender.key, timeouts: { marketClient: 300 } });
    const secrets = [sender.key, receiver.key, 'secret-pay-pass'];
    const shown = (error: unknown) => {
      const parts: string[] = [];
      for (let e: unknown = error; e instanceof Error; e = e.cause) {
        parts.push(e.message, String((e as { url?: unknown }).url ?? ''), JSON.stringify(e));
      }
      return parts.join('\n');
    };

    const refused = await tm.transfers
      .send({ amount: '1000', toApiKey: receiver.key, payPassword: 'wrong-pay-pass' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TmError);
    expect((refused as TmError).url).toContain('/money-send/100000/');
    for (const secret of [...secrets, 'wrong-pay-pass']) expect(shown(refused)).not.toContain(secret);

    await bed.sim.addFault({ match: { key: sender.key, path: '/money-send/' }, kind: 'drop', count: 1 });
    await bed.sim.addFault({
      match: { key: sender.key, path: '/get-info-money-send' },
      kind: 'status',
      status: 500,
      count: 2,
    });
    const unknown = await tm.transfers
      .send({ amount: '1000', toApiKey: receiver.key, payPassword: 'secret-pay-pass' })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(TmUnconfirmedError);
    for (const secret of secrets) expect(shown(unknown)).not.toContain(secret);
    expect((await bed.sim.keyStats(sender.key)).moneySends.sent).toBe(0);
  });

  test('the tm family from loadMarketEndpoints: cs7 at its own base URL, tm_usd with a USD account', async ({
    expect,
  }) => {
    const endpoints = loadMarketEndpoints({}, { simulatorBaseUrl: bed.sim.origin });
    const cs7Account = await bed.sim.createAccount({ money: 7 }, 'cs7');
    const cs7 = createTmFamilyClient(endpoints.cs7, {
      apiKey: cs7Account.key,
      http: bed.http,
      logger: recordingLogger(),
    });
    expect(cs7.market).toBe('cs7');
    expect(await cs7.account.getMoney()).toMatchObject({ money: '7.00', currency: 'RUB' });
    // The key belongs to cs7's market only.
    const onTm = createTmFamilyClient(endpoints.tm, {
      apiKey: cs7Account.key,
      http: bed.http,
      logger: recordingLogger(),
    });
    await expect(onTm.account.getMoney()).rejects.toBeInstanceOf(TmBadKeyError);

    const usdAccount = await bed.sim.createAccount({ currency: 'USD', money: 1.5 });
    const tmUsd = createTmFamilyClient(endpoints.tm_usd, {
      apiKey: usdAccount.key,
      http: bed.http,
      logger: recordingLogger(),
    });
    expect(tmUsd.currency).toBe('USD');
    expect(await tmUsd.account.getMoney()).toEqual({ money: '1.50', settlement: '0.00', currency: 'USD' });
    await expect(tmUsd.account.goOffline()).resolves.toBeUndefined();
  });
});
