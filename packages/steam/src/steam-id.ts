/** SteamID64 arithmetic for individual accounts and groups (public universe), and trade URLs. */

const INDIVIDUAL_BASE = 76561197960265728n;
const GROUP_BASE = 103582791429521408n;

export function steamIdFromAccountId(accountId: number | string): string {
  return (INDIVIDUAL_BASE + BigInt(accountId)).toString();
}

export function accountIdFromSteamId(steamId: string): number {
  return Number(BigInt(steamId) - INDIVIDUAL_BASE);
}

export function groupSteamIdFromId(groupAccountId: number): string {
  return (GROUP_BASE + BigInt(groupAccountId)).toString();
}

export function isIndividualSteamId(value: string): boolean {
  if (!/^\d{17}$/.test(value)) return false;
  const id = BigInt(value) - INDIVIDUAL_BASE;
  return id > 0n && id < 2n ** 32n;
}

export function isGroupSteamId(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  const id = BigInt(value) - GROUP_BASE;
  return id > 0n && id < 2n ** 32n;
}

export interface ParsedTradeUrl {
  partnerAccountId: number;
  partnerSteamId: string;
  token: string | null;
}

/** `https://steamcommunity.com/tradeoffer/new/?partner=<accountid>&token=<token>`; null when it is not one. */
export function parseTradeUrl(tradeUrl: string): ParsedTradeUrl | null {
  let url: URL;
  try {
    url = new URL(tradeUrl);
  } catch {
    return null;
  }
  const partner = url.searchParams.get('partner');
  if (!partner || !/^\d{1,10}$/.test(partner) || Number(partner) <= 0 || Number(partner) >= 2 ** 32)
    return null;
  return {
    partnerAccountId: Number(partner),
    partnerSteamId: steamIdFromAccountId(partner),
    token: url.searchParams.get('token'),
  };
}

export function tradeUrlFor(accountId: number, token: string, base = 'https://steamcommunity.com'): string {
  return `${base}/tradeoffer/new/?partner=${accountId}&token=${token}`;
}
