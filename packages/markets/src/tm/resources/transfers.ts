import { z } from 'zod';

import { spendCall, type TmSpendReport } from '../money-safety.ts';
import { TmError } from '../tm-errors.ts';
import type { TmRequester } from '../tm-requester.ts';
import { fromTmUnits, toTmUnits, type TmCurrency } from '../tm-units.ts';
import { okEnvelope, optionalWireId, wireCurrency, wireMinor } from '../tm-wire.ts';

/** money-send between tm accounts, its history and the lookup by custom_id (marketplaces.md 1.1). */

export interface TmMoneySendParams {
  /** Major units of this client's currency; tm's minimum is 1000 RUB or 10 USD/EUR. */
  amount: string;
  /** The receiving account's API key (it travels in the path and is masked in every error and log). */
  toApiKey: string;
  payPassword: string;
  /** Generated when not given; returned, so the caller can look the transfer up later. */
  customId?: string;
}

export interface TmMoneySendResult {
  customId: string;
  from: string | null;
  to: string | null;
  /** What left this account, in its currency. */
  amount: string;
  currency: TmCurrency;
}

export interface TmMoneyTransfer {
  id: string;
  from: string | null;
  to: string | null;
  amountFrom: string;
  currencyFrom: TmCurrency;
  amountTo: string;
  currencyTo: TmCurrency;
  customId: string | null;
  /** Unix seconds, when tm gives it. */
  time: number | null;
}

/** Transfers per money-send-history page. */
export const TM_MONEY_SEND_HISTORY_PAGE = 50;

const sendSchema = z.looseObject({
  success: z.literal(true),
  from: optionalWireId,
  to: optionalWireId,
  amount: wireMinor,
});

const transferSchema = z.looseObject({
  id: optionalWireId,
  from: optionalWireId,
  to: optionalWireId,
  amount_from: wireMinor,
  currency_from: wireCurrency,
  amount_to: wireMinor,
  currency_to: wireCurrency,
  custom_id: optionalWireId,
  time: z.number().nullish(),
});

const historySchema = okEnvelope.extend({ data: z.array(transferSchema).nullish() });
const infoSchema = okEnvelope.extend({ data: transferSchema });

function transferOf(raw: z.output<typeof transferSchema>): TmMoneyTransfer {
  return {
    id: raw.id ?? '',
    from: raw.from,
    to: raw.to,
    amountFrom: fromTmUnits(raw.amount_from, raw.currency_from),
    currencyFrom: raw.currency_from,
    amountTo: fromTmUnits(raw.amount_to, raw.currency_to),
    currencyTo: raw.currency_to,
    customId: raw.custom_id,
    time: raw.time ?? null,
  };
}

export class TmTransfersResource {
  constructor(
    private readonly tm: TmRequester,
    private readonly newCustomId: () => string,
  ) {}

  /**
   * money-send/{amount}/{apiKeyTo}?pay_pass=&custom_id=. Never retried blindly: after a timeout, a dropped
   * connection or a 5xx the client asks get-info-money-send-by-custom-id whether it happened, and sends once
   * more, with the same custom_id, only if it did not. `wrong_payment_password` and other refusals throw.
   */
  async send(params: TmMoneySendParams): Promise<TmMoneySendResult & TmSpendReport> {
    const customId = params.customId ?? this.newCustomId();
    const units = toTmUnits(params.amount, this.tm.currency, 'down');
    const secrets = [params.toApiKey, params.payPassword];
    return spendCall(this.tm, 'money-send', {
      customId,
      attempt: async () => {
        const answer = await this.tm.call('money-send', {
          segments: [units, params.toApiKey],
          query: { pay_pass: params.payPassword, custom_id: customId },
          schema: sendSchema,
          redactValues: secrets,
        });
        return {
          customId,
          from: answer.from,
          to: answer.to,
          amount: fromTmUnits(answer.amount, this.tm.currency),
          currency: this.tm.currency,
        };
      },
      check: async () => {
        const transfer = await this.getByCustomId(customId);
        if (transfer === null) return null;
        return {
          customId,
          from: transfer.from,
          to: transfer.to,
          amount: transfer.amountFrom,
          currency: transfer.currencyFrom,
        };
      },
    });
  }

  /** money-send-history/{page}: pages from 0, newest first, sent and received. */
  async history(page = 0): Promise<TmMoneyTransfer[]> {
    const answer = await this.tm.call('money-send-history', {
      segments: [Math.max(0, Math.floor(page))],
      schema: historySchema,
    });
    return (answer.data ?? []).map(transferOf);
  }

  /** get-info-money-send-by-custom-id: the transfer, or null when tm has none with that id. */
  async getByCustomId(customId: string): Promise<TmMoneyTransfer | null> {
    try {
      const answer = await this.tm.call('get-info-money-send-by-custom-id', {
        query: { custom_id: customId },
        schema: infoSchema,
      });
      return transferOf(answer.data);
    } catch (error) {
      if (error instanceof TmError && error.code === 'not_found') return null;
      throw error;
    }
  }
}
