import type { ConvertibleCurrency, MarketCode } from '@toydesk/contract';

import { BaseMarket, usdOnly } from './base-market.ts';
import type { MarketClientConfig } from './market-transport.ts';

/** What a USD-only marketplace's Market is built from: its client's configuration and the currency asked for. */
export type UsdMarketConfig = MarketClientConfig & { currency?: ConvertibleCurrency };

/**
 * A marketplace whose accounts are in US dollars only (Waxpeer, CSFloat, DMarket, BitSkins, Lis-skins): any
 * other currency is refused when the market is built, and every call goes through the market's own client.
 */
export abstract class UsdMarket<Client> extends BaseMarket {
  readonly currency: ConvertibleCurrency;

  constructor(
    code: MarketCode,
    config: UsdMarketConfig,
    readonly client: Client,
  ) {
    super();
    this.currency = usdOnly(code, config.currency);
  }
}
