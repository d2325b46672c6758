import type { UiLang } from './validation-messages.ts';

/** The error catalogue of spec section 8, shared by the console's HTTP layer and the server. */

/** The HTTP statuses the catalogue has a message for. */
export const CATALOGUE_STATUSES = ['500', '403', '400', '401', '404', '429'] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];

/** Client-side error codes (set by the HTTP client when no response arrived) the catalogue knows. */
export const CATALOGUE_CLIENT_CODES = ['ERR_NETWORK'] as const;
export type CatalogueClientCode = (typeof CATALOGUE_CLIENT_CODES)[number];

export const ERROR_CODES = [...CATALOGUE_CLIENT_CODES, ...CATALOGUE_STATUSES, 'unknown'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * `ru` is the product's own table, verbatim: some entries were left in English by the product and stay so.
 * `en` is the default English set of the same section.
 */
export const ERROR_MESSAGES: {
  readonly ru: Record<ErrorCode, string>;
  readonly en: Record<ErrorCode, string>;
} = {
  ru: {
    ERR_NETWORK: 'Нет соединения(ERR_NETWORK)',
    '500': 'Server error(500)',
    '403': 'Permissions error(403)',
    '400': 'Bad request(400)',
    '401': 'Не авторизован(401)',
    '404': 'Не найдено(404)',
    '429': 'Слишком много запросов(429)',
    unknown: 'Неизвестная ошибка',
  },
  en: {
    ERR_NETWORK: 'Your network is lost. Please check connection and try again.',
    '500': 'Server error',
    '403': 'Permissions error',
    '400': 'Bad request',
    '401': 'Unauthorized',
    '404': 'Not found',
    '429': 'Too many requests',
    unknown: 'Unknown error',
  },
};

/** Title of the notification shown for a failed request; its colour is the error colour. */
export const REQUEST_ERROR_TITLE: Readonly<Record<UiLang, string>> = {
  ru: 'Ошибка запроса',
  en: 'Request error',
};

export interface ErrorMessageInput {
  /** The parsed response body, if any. */
  body?: unknown;
  /** The HTTP status, if a response arrived. */
  status?: number;
  /** The client error code, such as 'ERR_NETWORK'. */
  code?: string;
  /** When set, an error the catalogue cannot name yields no message (and so no notification). */
  hideUnknown?: boolean;
  lang?: UiLang;
}

function bodyErrorField(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = body.error;
  // A blank error field says nothing to the operator, so the catalogue gets its turn.
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

function isCatalogueStatus(value: string): value is CatalogueStatus {
  return (CATALOGUE_STATUSES as readonly string[]).includes(value);
}

function isCatalogueClientCode(value: string): value is CatalogueClientCode {
  return (CATALOGUE_CLIENT_CODES as readonly string[]).includes(value);
}

/**
 * The message choice of spec section 8: the body's error field, then the status message, then the client
 * code message, then the unknown message (or null when unknown errors are hidden).
 */
export function chooseErrorMessage(input: ErrorMessageInput): string | null {
  const messages = ERROR_MESSAGES[input.lang ?? 'ru'];
  const fromBody = bodyErrorField(input.body);
  if (fromBody !== null) return fromBody;
  if (input.status !== undefined) {
    const status = String(input.status);
    if (isCatalogueStatus(status)) return messages[status];
  }
  if (input.code !== undefined && isCatalogueClientCode(input.code)) return messages[input.code];
  return input.hideUnknown ? null : messages.unknown;
}

/**
 * Marketplace add-to-sale errors that mean the marketplace's view of the inventory is stale. The spelling
 * "recieved" is the marketplace's own and must stay as is to match its replies.
 */
export const ADD_TO_SALE_INVENTORY_ERRORS = [
  'item_not_in_inventory',
  'item_not_recieved',
  'no_description_found',
  'inventory_not_loaded',
  'item_is_not_tradable',
] as const;
export type AddToSaleInventoryError = (typeof ADD_TO_SALE_INVENTORY_ERRORS)[number];

/** After one of those errors the inventory is refreshed, then this long is waited before a retry. */
export const ADD_TO_SALE_RETRY_WAIT_MS = 30_000;

export function isAddToSaleInventoryError(error: unknown): error is AddToSaleInventoryError {
  return typeof error === 'string' && (ADD_TO_SALE_INVENTORY_ERRORS as readonly string[]).includes(error);
}

/**
 * A fetch failure as the spec reports it: '[METHOD] url: status statusText'. HTTP/2 replies carry no status
 * text, so the trailing space is left out then rather than logged.
 */
export function formatFetchFailure(method: string, url: string, status: number, statusText: string): string {
  const text = statusText === '' ? '' : ` ${statusText}`;
  return `[${method.toUpperCase()}] ${url}: ${status}${text}`;
}
