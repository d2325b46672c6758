import { TIMEOUTS } from '@toydesk/http';

/** The per-call timeouts of spec section 9, by kind of call; each can be overridden per client. */
export interface TmTimeouts {
  /** items, my-inventory (spec: item list 10 s). */
  itemList: number;
  /** set-price (20 s). */
  setPrice: number;
  /** MassInfo, MassSetPriceById (bulk marketplace requests, 30 s). */
  bulk: number;
  /** trade-ready (1 min). */
  tradeReady: number;
  /** ping-new (1 min). */
  pingNew: number;
  /** get-money, test, Test (account status check, 25 s). */
  accountStatus: number;
  /** Everything else (the marketplace client, 10 s). */
  marketClient: number;
}

export const TM_TIMEOUTS: Readonly<TmTimeouts> = Object.freeze({
  itemList: TIMEOUTS.itemList,
  setPrice: TIMEOUTS.setPrice,
  bulk: TIMEOUTS.bulkMarket,
  tradeReady: TIMEOUTS.tradeReady,
  pingNew: TIMEOUTS.pingNew,
  accountStatus: TIMEOUTS.accountStatus,
  marketClient: TIMEOUTS.marketClient,
});

export type TmTimeoutKind = keyof TmTimeouts;
