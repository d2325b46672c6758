import { z } from 'zod';

import type { TmRequester } from '../tm-requester.ts';
import { fromTmMajor, fromTmMajorOrNull, isTmCurrency, type TmCurrency } from '../tm-units.ts';
import { okEnvelope, wireCurrency, wireFlag, wireMajor } from '../tm-wire.ts';

/** Account calls (marketplaces.md 1.1): balance, tokens, currency, pay password, online status. */

export interface TmBalance {
  money: string;
  /** money_settlement: money on hold. */
  settlement: string | null;
  currency: TmCurrency;
}

export interface TmTestStatus {
  userToken: boolean;
  tradeCheck: boolean;
  siteOnline: boolean;
  siteNotmpban: boolean;
  /** The fifth flag some versions send (the Steam API key is set). */
  steamWebApiKey: boolean | null;
}

export type TmPingResult =
  | { status: 'pong'; online: boolean; p2p: boolean; steamApiKey: boolean }
  /** `{"success":false,"message":"too early for ping"}`: benign, bots ignore it. */
  | { status: 'too_early' };

export const TOO_EARLY_FOR_PING = 'too early for ping';

const moneySchema = z.looseObject({
  money: wireMajor,
  money_settlement: wireMajor.nullish(),
  currency: wireCurrency,
});

const tokenSchema = z.looseObject({ success: z.literal(true), token: z.string() });

const statusFlags = z.looseObject({
  user_token: wireFlag,
  trade_check: wireFlag,
  site_online: wireFlag,
  site_notmpban: wireFlag,
  steam_web_api_key: wireFlag.optional(),
});
export const testSchema = z.looseObject({ status: statusFlags });

const pingSchema = z.union([
  z.looseObject({
    success: z.literal(true),
    online: wireFlag.optional(),
    p2p: wireFlag.optional(),
    steamApiKey: wireFlag.optional(),
  }),
  z.looseObject({ success: z.literal(false), message: z.literal(TOO_EARLY_FOR_PING) }),
]);

export function testStatusOf(answer: z.output<typeof testSchema>): TmTestStatus {
  const flags = answer.status;
  return {
    userToken: flags.user_token,
    tradeCheck: flags.trade_check,
    siteOnline: flags.site_online,
    siteNotmpban: flags.site_notmpban,
    steamWebApiKey: flags.steam_web_api_key ?? null,
  };
}

export class TmAccountResource {
  constructor(private readonly tm: TmRequester) {}

  /**
   * get-money. `cur` is sent, so tm refuses (`wrong_currency`) when the account's currency is no longer the
   * one this client reads amounts in. `money` is a float in major units, read through its text.
   */
  async getMoney(): Promise<TmBalance> {
    const answer = await this.tm.call('get-money', {
      query: { cur: this.tm.currency },
      schema: moneySchema,
    });
    return {
      money: fromTmMajor(answer.money, answer.currency),
      settlement: fromTmMajorOrNull(answer.money_settlement, answer.currency),
      currency: answer.currency,
    };
  }

  /** set-trade-token: the 8-character token of the Steam trade link. */
  async setTradeToken(token: string): Promise<{ token: string }> {
    const answer = await this.tm.call('set-trade-token', {
      query: { token },
      schema: tokenSchema,
      redactValues: [token],
    });
    return { token: answer.token };
  }

  /**
   * change-currency/{cur}. Refusals carry tm's numeric code as `TmError.code` ('1001' items on sale,
   * '1003' withdrawals pending, '1004' already selected, '1005' invalid, '1007' changing). A client
   * reads amounts in its own currency: build a new one for the new currency afterwards.
   */
  async changeCurrency(currency: TmCurrency): Promise<void> {
    if (!isTmCurrency(currency)) throw new TypeError(`tm: unknown currency ${String(currency)}`);
    await this.tm.call('change-currency', {
      segments: [currency],
      schema: okEnvelope,
    });
  }

  async goOffline(): Promise<void> {
    await this.tm.call('go-offline', { schema: okEnvelope });
  }

  /** update-inventory: tm reloads the Steam inventory (new items show 10–20 s later). */
  async updateInventory(): Promise<void> {
    await this.tm.call('update-inventory', { schema: okEnvelope });
  }

  /** set-pay-password: the old password is needed once one is set (spec section 5). */
  async setPayPassword(params: { newPassword: string; oldPassword?: string | null }): Promise<void> {
    const query: Record<string, string> = { new_password: params.newPassword };
    if (params.oldPassword) query.old_password = params.oldPassword;
    await this.tm.call('set-pay-password', {
      query,
      schema: okEnvelope,
      redactValues: [params.newPassword, ...(params.oldPassword ? [params.oldPassword] : [])],
    });
  }

  /** get-ws-token: a token for tm's WebSocket (about 10 minutes). */
  async getWsToken(): Promise<{ token: string }> {
    const answer = await this.tm.call('get-ws-token', { schema: tokenSchema });
    return { token: answer.token };
  }

  /** test: the account's readiness flags (an account status check, 25 s). */
  async test(): Promise<TmTestStatus> {
    const answer = await this.tm.call('test', { schema: testSchema });
    return testStatusOf(answer);
  }

  /**
   * ping-new: POST with the Steam web access token (and the proxy tm should reach Steam through). "too
   * early for ping" is a result, not an error; a trade ban ("You cant trade until …") is a TmError.
   */
  async pingNew(params: { accessToken: string; proxy?: string | null }): Promise<TmPingResult> {
    const answer = await this.tm.call('ping-new', {
      json: { access_token: params.accessToken, ...(params.proxy ? { proxy: params.proxy } : {}) },
      schema: pingSchema,
      acceptFailure: (body) => body.message === TOO_EARLY_FOR_PING,
    });
    if (answer.success === false) return { status: 'too_early' };
    return {
      status: 'pong',
      online: answer.online ?? true,
      p2p: answer.p2p ?? false,
      steamApiKey: answer.steamApiKey ?? false,
    };
  }
}
