import type { MarketFee } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { checkFeeDraft, feeCreate, feeDraftOf, feePatch, freeFeeSlots, NO_FEE, trimZeros } from './fee-edit';

const fee = {
  id: 3,
  market: 'tm',
  side: 'sell',
  percent: '5.000000',
  fixed_amount: '0.00',
  fixed_currency: 'RUB',
  source: 'tm docs',
} as MarketFee;

describe('fee edit', () => {
  it('shows the percent as people write it', () => {
    expect(trimZeros('5.000000')).toBe('5');
    expect(trimZeros('2.500000')).toBe('2.5');
    expect(trimZeros('10')).toBe('10');
    expect(feeDraftOf(fee)).toEqual({
      percent: '5',
      fixedAmount: '0.00',
      fixedCurrency: 'RUB',
      source: 'tm docs',
    });
  });

  it('refuses what the server would: 100 % and more, negatives, three decimals of money', () => {
    const draft = feeDraftOf(fee);
    expect(checkFeeDraft(draft)).toEqual({});
    expect(checkFeeDraft({ ...draft, percent: '100' })).toEqual({ percent: 'percentInvalid' });
    expect(checkFeeDraft({ ...draft, percent: '-1' })).toEqual({ percent: 'percentInvalid' });
    expect(checkFeeDraft({ ...draft, percent: '7,5' })).toEqual({});
    expect(checkFeeDraft({ ...draft, fixedAmount: '1.005' })).toEqual({ fixedAmount: 'amountInvalid' });
  });

  it('sends only what changed', () => {
    const draft = feeDraftOf(fee);
    expect(feePatch(fee, draft)).toEqual({});
    expect(feePatch(fee, { ...draft, percent: '5.0' })).toEqual({});
    expect(feePatch(fee, { ...draft, percent: '7,5' })).toEqual({ percent: '7.5' });
    expect(feePatch(fee, { ...draft, fixedAmount: '2', fixedCurrency: 'USD', source: ' ' })).toEqual({
      fixed_amount: '2',
      fixed_currency: 'USD',
      source: null,
    });
  });
});

describe('new fee rows', () => {
  it('offers the markets and sides without a row, and sends a new row as typed', () => {
    expect(freeFeeSlots(['tm', 'steam'], [{ market: 'tm', side: 'sell' }])).toEqual([
      { market: 'tm', side: 'buy' },
      { market: 'steam', side: 'sell' },
      { market: 'steam', side: 'buy' },
    ]);
    expect(
      freeFeeSlots(
        ['tm'],
        [
          { market: 'tm', side: 'sell' },
          { market: 'tm', side: 'buy' },
        ],
      ),
    ).toEqual([]);
    const draft = {
      ...feeDraftOf(NO_FEE),
      percent: '2,5',
      fixedAmount: '0,30',
      fixedCurrency: 'USD' as const,
    };
    expect(feeCreate('csfloat', 'buy', draft)).toEqual({
      market: 'csfloat',
      side: 'buy',
      percent: '2.5',
      fixed_amount: '0.30',
      fixed_currency: 'USD',
      source: null,
    });
    // A new row that is still no fee changes nothing.
    expect(feePatch(NO_FEE, feeDraftOf(NO_FEE))).toEqual({});
  });
});
