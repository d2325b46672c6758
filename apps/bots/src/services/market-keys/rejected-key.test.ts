import { MarketApiError, MarketAuthError, TmBadKeyError, TmError } from '@toydesk/markets';
import { describe, expect, it } from 'vitest';

import { OrderLoopError } from '../orders/order-loop.ts';
import { rejectedKeyReason } from './rejected-key.ts';

describe('rejectedKeyReason', () => {
  it("is tm's Bad KEY or another market's MarketAuthError, also wrapped; nothing else", () => {
    const badKey = new TmBadKeyError({ code: 'Bad KEY', status: 200, call: 'tm.get-orders' });
    expect(rejectedKeyReason(badKey)).toBe('tm.get-orders: Bad KEY');
    const wrapped = new OrderLoopError('Order page 0 failed: tm.get-orders: Bad KEY', 0, { cause: badKey });
    expect(rejectedKeyReason(wrapped)).toBe('tm.get-orders: Bad KEY');
    const auth = new MarketAuthError({
      market: 'csfloat',
      call: 'csfloat.get-me',
      status: 401,
      code: null,
      message: 'Unauthorized',
    });
    expect(rejectedKeyReason(auth)).toBe('csfloat.get-me: 401 Unauthorized');

    expect(rejectedKeyReason(new TmError({ code: 'bad_item', status: 200, call: 'tm.buy' }))).toBeNull();
    const refused = new MarketApiError({
      market: 'csfloat',
      call: 'csfloat.buy',
      status: 400,
      code: null,
      message: 'x',
    });
    expect(rejectedKeyReason(refused)).toBeNull();
    expect(rejectedKeyReason(new Error('502 Bad Gateway'))).toBeNull();
    expect(rejectedKeyReason('Bad KEY')).toBeNull();
  });
});
