import type { BotSteamConfirmation } from '@toydesk/contract';

/**
 * What a confirmation is about, from Steam's own (English) title: "Trade Offer - Trade with <partner>" and
 * "Market Listing - Sell - <item>" become a partner or an item the console names in its own language;
 * other titles are shown as Steam wrote them.
 */
export type ConfirmationSubject =
  | { kind: 'trade'; partner: string | null; give: string[]; receive: string[] }
  | { kind: 'listing'; item: string }
  | { kind: 'other'; title: string };

export function describeConfirmation(confirmation: BotSteamConfirmation): ConfirmationSubject {
  if (confirmation.kind === 'trade') {
    const partner = /Trade with (.+)$/i.exec(confirmation.title)?.[1]?.trim() ?? null;
    return {
      kind: 'trade',
      partner,
      give: confirmation.trade?.give ?? [],
      receive: confirmation.trade?.receive ?? [],
    };
  }
  const item = /Sell - (.+)$/i.exec(confirmation.title)?.[1]?.trim();
  if (confirmation.kind === 'market_listing' && item) return { kind: 'listing', item };
  return { kind: 'other', title: confirmation.title };
}
