import { HttpNetworkError, HttpStatusError } from '@toydesk/http';
import { describe, expect, it } from 'vitest';

import { MarketApiError, SpendOutcomeUnknownError } from './market-errors.ts';
import { isAmbiguousFailure, spendOnce } from './spend-once.ts';

const network = () =>
  new HttpNetworkError({
    code: 'ERR_NETWORK',
    call: 'x',
    method: 'POST',
    url: 'u',
    status: null,
    statusText: 'reset',
    attempts: 1,
  });
const refused = (status: number, uncertain = false) =>
  new MarketApiError({ market: 'waxpeer', call: 'x', status, code: 'c', message: 'm', uncertain });

describe('isAmbiguousFailure', () => {
  it('is true where the request may have taken effect', () => {
    expect(isAmbiguousFailure(network())).toBe(true);
    expect(isAmbiguousFailure(refused(502))).toBe(true);
    expect(isAmbiguousFailure(refused(200, true))).toBe(true);
    expect(
      isAmbiguousFailure(
        new HttpStatusError({
          code: 'ERR_STATUS',
          call: 'x',
          method: 'POST',
          url: 'u',
          status: 503,
          statusText: '',
          attempts: 1,
        }),
      ),
    ).toBe(true);
    expect(isAmbiguousFailure(refused(400))).toBe(false);
    expect(isAmbiguousFailure(refused(429))).toBe(false);
    expect(isAmbiguousFailure(new Error('bug'))).toBe(false);
  });
});

describe('spendOnce', () => {
  it('returns what the check finds instead of trying again', async () => {
    let attempts = 0;
    const result = await spendOnce({
      market: 'waxpeer',
      call: 'buy',
      attempt: async () => {
        attempts++;
        throw network();
      },
      verify: async () => 'found',
    });
    expect(result).toBe('found');
    expect(attempts).toBe(1);
  });

  it('tries once more only after a check that found nothing', async () => {
    const calls: string[] = [];
    const result = await spendOnce({
      market: 'waxpeer',
      call: 'buy',
      attempt: async () => {
        calls.push('attempt');
        if (calls.length === 1) throw network();
        return 'bought';
      },
      verify: async () => {
        calls.push('verify');
        return null;
      },
    });
    expect(result).toBe('bought');
    expect(calls).toEqual(['attempt', 'verify', 'attempt']);
  });

  it('rethrows a refusal untouched and never checks', async () => {
    let checked = false;
    const error = await spendOnce({
      market: 'waxpeer',
      call: 'buy',
      attempt: async () => {
        throw refused(400);
      },
      verify: async () => {
        checked = true;
        return null;
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketApiError);
    expect(checked).toBe(false);
  });

  it('gives up with SpendOutcomeUnknownError when it cannot settle the outcome', async () => {
    const failing = await spendOnce({
      market: 'csfloat',
      call: 'buy',
      attempt: async () => {
        throw network();
      },
      verify: async () => {
        throw network();
      },
    }).catch((e: unknown) => e);
    expect(failing).toBeInstanceOf(SpendOutcomeUnknownError);
    let attempts = 0;
    const twice = await spendOnce({
      market: 'csfloat',
      call: 'buy',
      attempt: async () => {
        attempts++;
        throw network();
      },
      verify: async () => null,
    }).catch((e: unknown) => e);
    expect(twice).toBeInstanceOf(SpendOutcomeUnknownError);
    expect(attempts).toBe(2);
    let single = 0;
    await spendOnce({
      market: 'csfloat',
      call: 'buy',
      retryAfterCheck: false,
      attempt: async () => {
        single++;
        throw network();
      },
      verify: async () => null,
    }).catch(() => undefined);
    expect(single).toBe(1);
  });
});
