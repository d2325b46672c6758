import {
  commonSteamAccountSchema,
  marketEntity,
  tagEntity,
  type ApiResponse,
  type CommonSteamAccount,
  type Market,
  type MarketCode,
  type Tag,
} from '@toydesk/contract';
import { createContext, useContext } from 'react';
import type { z } from 'zod';

import { api, type ApiResult } from './api-client';
import { backendBaseUrl, consoleOrigin } from './env';

export type { CommonSteamAccount };

/**
 * The start-up data of spec section 7 as the console keeps it (rows typed by the contract's schemas): the
 * shell renders nothing before it exists.
 */
export interface CommonData {
  markets: Market[];
  steamAccounts: CommonSteamAccount[];
  tags: Tag[];
  botToken: string;
  demo: boolean;
  operator: { id: number; username: string };
}

/** Keeps the rows that match the contract; one odd row must not stop the console from starting. */
function parseRows<T>(rows: readonly unknown[], schema: z.ZodType<T>): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else console.warn('[common] row does not match the contract', parsed.error.issues[0]);
  }
  return out;
}

export function normalizeCommonData(reply: ApiResponse<'frontend.common'>): CommonData {
  // Spec section 7: the call "returns success and data"; an answer without success is a failed gate
  // (the browser goes to the login page), not a console built on whatever data came with it.
  if (reply.success !== true) throw new Error('the common data answered without success');
  const data = reply.data;
  return {
    markets: parseRows(data.markets, marketEntity.schema),
    steamAccounts: parseRows(data.steamAccounts, commonSteamAccountSchema),
    tags: parseRows(data.tags, tagEntity.schema),
    botToken: data.bot_token,
    demo: data.demo,
    operator: data.operator,
  };
}

export function fetchCommonData(): Promise<ApiResult<'frontend.common'>> {
  // A failure sends the browser to the login page, so no notification.
  return api.call('frontend.common', {}, { hideNotification: true });
}

/**
 * The back end's login page, coming back to path afterwards (spec sections 1 and 8). A back end on another
 * host gets the console's full address (it allows its TOYDESK_CONSOLE_ORIGINS), else it would send the
 * operator to that path on its own host.
 */
export function loginUrl(path: string, origin: string = consoleOrigin()): string {
  const backend = backendBaseUrl();
  const next = backend && origin && backend !== origin ? `${origin}${path}` : path;
  return `${backend}/admin/login/?next=${encodeURIComponent(next)}`;
}

/** The query key of the common data: invalidate it after changing accounts, markets or tags. */
export const COMMON_DATA_KEY = ['common'] as const;

export const CommonDataContext = createContext<CommonData | null>(null);

export function useCommonData(): CommonData {
  const data = useContext(CommonDataContext);
  if (!data) throw new Error('useCommonData() used outside the common-data gate');
  return data;
}

export function marketByCode(markets: readonly Market[], code: string): Market | undefined {
  return markets.find((market) => market.code === (code as MarketCode));
}
