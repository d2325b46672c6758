import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  ADD_TO_SALE_INVENTORY_ERRORS,
  ADD_TO_SALE_RETRY_WAIT_MS,
  chooseErrorMessage,
  ERROR_CODES,
  ERROR_MESSAGES,
  formatFetchFailure,
  isAddToSaleInventoryError,
  REQUEST_ERROR_TITLE,
} from './error-catalogue.ts';
import { specEnglishErrorMessages, specErrorMessages } from './testing/console-spec.ts';

describe('ERROR_MESSAGES', () => {
  it('holds the product table of spec section 8 verbatim', () => {
    expect(ERROR_MESSAGES.ru).toEqual(specErrorMessages());
  });

  it('holds the default English set verbatim', () => {
    expect(ERROR_MESSAGES.en).toEqual(specEnglishErrorMessages());
  });

  it('lists every code once, in both languages', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(Object.keys(ERROR_MESSAGES.ru).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(ERROR_MESSAGES.en).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('titles the notification', () => {
    expect(REQUEST_ERROR_TITLE).toEqual({ ru: 'Ошибка запроса', en: 'Request error' });
  });
});

describe('chooseErrorMessage', () => {
  it("prefers the body's error field over everything else", () => {
    expect(chooseErrorMessage({ body: { error: 'Бот не найден' }, status: 500, code: 'ERR_NETWORK' })).toBe(
      'Бот не найден',
    );
  });

  it('falls back to the status message when the error field is missing, blank or not a string', () => {
    expect(chooseErrorMessage({ body: { detail: 'x' }, status: 404 })).toBe('Не найдено(404)');
    expect(chooseErrorMessage({ body: { error: '' }, status: 401 })).toBe('Не авторизован(401)');
    expect(chooseErrorMessage({ body: { error: '   ' }, status: 429 })).toBe('Слишком много запросов(429)');
    expect(chooseErrorMessage({ body: { error: 42 }, status: 500 })).toBe('Server error(500)');
    expect(chooseErrorMessage({ body: 'Internal Server Error', status: 500 })).toBe('Server error(500)');
    expect(chooseErrorMessage({ body: null, status: 403 })).toBe('Permissions error(403)');
    expect(chooseErrorMessage({ status: 400, lang: 'en' })).toBe('Bad request');
  });

  it('falls back to the client code message when the status is not catalogued or absent', () => {
    expect(chooseErrorMessage({ code: 'ERR_NETWORK' })).toBe('Нет соединения(ERR_NETWORK)');
    expect(chooseErrorMessage({ status: 502, code: 'ERR_NETWORK' })).toBe('Нет соединения(ERR_NETWORK)');
    expect(chooseErrorMessage({ code: 'ERR_NETWORK', lang: 'en' })).toBe(
      'Your network is lost. Please check connection and try again.',
    );
  });

  it('does not treat a status-like or "unknown" client code as a client code', () => {
    expect(chooseErrorMessage({ code: '500' })).toBe('Неизвестная ошибка');
    expect(chooseErrorMessage({ code: 'unknown', hideUnknown: true })).toBeNull();
  });

  it('answers the unknown message, or null when unknown errors are hidden', () => {
    expect(chooseErrorMessage({})).toBe('Неизвестная ошибка');
    expect(chooseErrorMessage({ status: 418, code: 'ECONNABORTED' })).toBe('Неизвестная ошибка');
    expect(chooseErrorMessage({ status: 418, lang: 'en' })).toBe('Unknown error');
    expect(chooseErrorMessage({ status: 502, hideUnknown: true })).toBeNull();
  });

  it('still names catalogued errors when unknown ones are hidden', () => {
    expect(chooseErrorMessage({ status: 404, hideUnknown: true })).toBe('Не найдено(404)');
    expect(chooseErrorMessage({ body: { error: 'x' }, hideUnknown: true })).toBe('x');
  });

  it('never answers null unless unknown errors are hidden', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        fc.constantFrom('ru' as const, 'en' as const),
        (body, status, code, lang) => {
          expect(chooseErrorMessage({ body, status, code, lang })).toEqual(expect.any(String));
        },
      ),
    );
  });
});

describe('add-to-sale errors', () => {
  it('lists the five inventory errors of spec section 8', () => {
    expect(ADD_TO_SALE_INVENTORY_ERRORS).toEqual([
      'item_not_in_inventory',
      'item_not_recieved',
      'no_description_found',
      'inventory_not_loaded',
      'item_is_not_tradable',
    ]);
    expect(ADD_TO_SALE_RETRY_WAIT_MS).toBe(30_000);
  });

  it('recognises them and nothing else', () => {
    expect(isAddToSaleInventoryError('item_not_recieved')).toBe(true);
    expect(isAddToSaleInventoryError('item_not_received')).toBe(false);
    expect(isAddToSaleInventoryError('bad_price')).toBe(false);
    expect(isAddToSaleInventoryError(undefined)).toBe(false);
  });
});

describe('formatFetchFailure', () => {
  it('writes [METHOD] url: status statusText', () => {
    expect(formatFetchFailure('get', 'https://example.test/api/x', 502, 'Bad Gateway')).toBe(
      '[GET] https://example.test/api/x: 502 Bad Gateway',
    );
    expect(formatFetchFailure('POST', '/api/toys/', 400, 'Bad Request')).toBe(
      '[POST] /api/toys/: 400 Bad Request',
    );
  });

  it('leaves out the trailing space when there is no status text', () => {
    expect(formatFetchFailure('DELETE', '/api/toys/1/', 404, '')).toBe('[DELETE] /api/toys/1/: 404');
  });
});
