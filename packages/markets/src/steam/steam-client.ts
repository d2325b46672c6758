import { parseJsonLossless } from '@toydesk/contract';
import { z } from 'zod';

import { MarketAuthError } from '../kit/market-errors.ts';
import { MarketTransport, type MarketClientConfig } from '../kit/market-transport.ts';
import {
  steamBuyOrderReplySchema,
  steamMyListingsSchema,
  steamPriceOverviewSchema,
  steamSellItemSchema,
  steamSuccessSchema,
  steamWalletSchema,
} from './steam-types.ts';

const APP_ID = 730;

/**
 * The cookie session a Steam market account's credential holds: "sessionid=…; steamLoginSecure=…" (other
 * cookies kept). Not `@toydesk/steam`'s `SteamCookieSession` (the bot services' login with its tokens).
 */
export interface SteamCookieSession {
  sessionid: string;
  steamLoginSecure: string;
  /** The steamid64 at the start of steamLoginSecure. */
  steamId: string | null;
  cookieHeader: string;
}

export function parseSteamCookieSession(credential: string): SteamCookieSession {
  const jar = new Map<string, string>();
  for (const part of credential.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const sessionid = jar.get('sessionid');
  const steamLoginSecure = jar.get('steamLoginSecure');
  if (!sessionid || !steamLoginSecure) {
    throw new RangeError('a Steam credential is a cookie string with sessionid and steamLoginSecure');
  }
  return {
    sessionid,
    steamLoginSecure,
    steamId: /^(\d{17})/.exec(decodeURIComponent(steamLoginSecure))?.[1] ?? null,
    cookieHeader: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/**
 * The Steam Community Market's web endpoints (`<base>/market/...`) with a cookie session: the cookies on
 * every call, `sessionid` repeated as a form field on every POST. Amounts are integer cents of the wallet
 * currency (what the seller receives, for sellitem); SteamMarket converts. A refusal inside a 200 has
 * `success` other than 1/true and a `message`.
 */
export class SteamClient {
  private readonly transport: MarketTransport;
  readonly session: SteamCookieSession;
  private readonly origin: string;

  constructor(config: MarketClientConfig) {
    this.session = parseSteamCookieSession(config.credential);
    this.origin = config.baseUrl.replace(/\/$/, '');
    this.transport = new MarketTransport(
      'steam',
      config,
      {
        headers: () => ({ cookie: this.session.cookieHeader }),
        secrets: [this.session.steamLoginSecure, this.session.sessionid],
      },
      (body) => {
        const record = (body ?? {}) as Record<string, unknown>;
        return {
          code: typeof record.success === 'number' ? String(record.success) : null,
          message: typeof record.message === 'string' ? record.message : 'request refused',
        };
      },
    );
  }

  /** GET /market/priceoverview/ (public): lowest and median price strings and the 24 h volume. */
  getPriceOverview(marketHashName: string, currencyId: number) {
    return this.transport.json(
      {
        method: 'GET',
        path: '/market/priceoverview/',
        query: { appid: APP_ID, currency: currencyId, market_hash_name: marketHashName },
        name: 'priceoverview',
        anonymous: true,
        acceptStatuses: [500],
      },
      steamPriceOverviewSchema,
    );
  }

  /** POST /market/sellitem/: lists an asset; `price` is the integer amount the seller receives. */
  async sellItem(assetId: string, price: number) {
    const call = {
      method: 'POST' as const,
      path: '/market/sellitem/',
      form: this.form(
        ['appid', APP_ID],
        ['contextid', 2],
        ['assetid', assetId],
        ['amount', 1],
        ['price', price],
      ),
      headers: { referer: `${this.origin}/profiles/${this.session.steamId ?? ''}/inventory/` },
      name: 'sellitem',
    };
    const reply = await this.transport.json(call, steamSellItemSchema);
    if (!reply.success) throw this.transport.refusal(call, 200, reply);
    return reply;
  }

  /** GET /market/mylistings/?norender=1: active listings, listings to confirm, and buy orders. */
  getMyListings(start = 0, count = 100) {
    return this.transport.json(
      {
        method: 'GET',
        path: '/market/mylistings/',
        query: { start, count, norender: 1 },
        name: 'mylistings',
      },
      steamMyListingsSchema,
    );
  }

  /** POST /market/removelisting/{id}: takes a listing off sale (Steam cannot change a listing's price). */
  async removeListing(listingId: string) {
    await this.transport.json(
      {
        method: 'POST',
        path: `/market/removelisting/${encodeURIComponent(listingId)}`,
        form: this.form(),
        name: 'removelisting',
      },
      z.unknown(),
    );
  }

  /**
   * POST /market/createbuyorder/: `price_total` = unit price in cents × quantity. Spends money: never
   * retried here. The reply's `success` is 1 or a Steam code; HTTP 406 carries need_confirmation.
   */
  createBuyOrder(params: {
    marketHashName: string;
    currencyId: number;
    unitPrice: number;
    quantity: number;
    confirmation?: string;
  }) {
    return this.transport.json(
      {
        method: 'POST',
        path: '/market/createbuyorder/',
        form: this.form(
          ['currency', params.currencyId],
          ['appid', APP_ID],
          ['market_hash_name', params.marketHashName],
          ['price_total', params.unitPrice * params.quantity],
          ['quantity', params.quantity],
          ['billing_state', ''],
          ['save_my_address', 0],
          ['confirmation', params.confirmation ?? 0],
        ),
        headers: {
          referer: `${this.origin}/market/listings/${APP_ID}/${encodeURIComponent(params.marketHashName)}`,
        },
        name: 'createbuyorder',
        spends: true,
        acceptStatuses: [406],
      },
      steamBuyOrderReplySchema,
    );
  }

  /** POST /market/cancelbuyorder/. */
  async cancelBuyOrder(buyOrderId: string) {
    const call = {
      method: 'POST' as const,
      path: '/market/cancelbuyorder/',
      form: this.form(['buy_orderid', buyOrderId]),
      name: 'cancelbuyorder',
    };
    const reply = await this.transport.json(call, steamSuccessSchema);
    if (reply.success !== 1 && reply.success !== true) throw this.transport.refusal(call, 200, reply);
  }

  /** GET /market/ and read `g_rgWalletInfo` (balance in cents, currency id); absent when not logged in. */
  async getWallet() {
    const page = await this.transport.text({ method: 'GET', path: '/market/', name: 'market-page' });
    const json = /g_rgWalletInfo\s*=\s*(\{.*?\});/s.exec(page)?.[1];
    if (!json) {
      throw new MarketAuthError({
        market: 'steam',
        call: 'steam.market-page',
        status: 200,
        code: 'not_logged_in',
        message: 'Not Logged In (no wallet on the market page)',
      });
    }
    return steamWalletSchema.parse(parseJsonLossless(json));
  }

  private form(...pairs: [string, string | number][]): [string, string | number][] {
    return [['sessionid', this.session.sessionid], ...pairs];
  }
}
