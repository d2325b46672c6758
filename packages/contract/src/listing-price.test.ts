import { describe, expect, it } from 'vitest';

import { decideListingPrice, manualListingSupport } from './listing-price.ts';

describe('decideListingPrice', () => {
  const band = { priceBuy: '50', priceSell: '100' };

  it('keeps a price inside the band, clamps one above price_sell, refuses one below price_buy', () => {
    expect(decideListingPrice('80', band)).toEqual({ status: 'ok', price: '80.00' });
    expect(decideListingPrice('150.5', band)).toEqual({ status: 'clamped', price: '100.00', asked: '150.5' });
    expect(decideListingPrice('49.99', band)).toEqual({
      status: 'refused',
      reason: 'below-buy',
      price: '49.99',
    });
    expect(decideListingPrice('0', band)).toMatchObject({ status: 'refused', reason: 'not-positive' });
  });

  it('lists below price_buy only with the override; a toy without a band takes the price as asked', () => {
    expect(decideListingPrice('20', band, true)).toEqual({ status: 'below-buy-allowed', price: '20.00' });
    expect(decideListingPrice('20', null)).toEqual({ status: 'ok', price: '20.00' });
    expect(decideListingPrice('20', { priceBuy: null, priceSell: '10' })).toMatchObject({
      status: 'clamped',
      price: '10.00',
    });
    // A floor above the ceiling is the ceiling: only the ceiling itself may be listed.
    expect(decideListingPrice('200', { priceBuy: '120', priceSell: '100' })).toMatchObject({
      status: 'clamped',
      price: '100.00',
    });
    expect(decideListingPrice('90', { priceBuy: '120', priceSell: '100' })).toMatchObject({
      status: 'refused',
      reason: 'below-buy',
    });
  });
});

describe('manualListingSupport', () => {
  it('offers the tm family and the listing markets, Steam through its own action', () => {
    expect(manualListingSupport('tm')).toBeNull();
    expect(manualListingSupport('waxpeer')).toBeNull();
    expect(manualListingSupport('steam')).toBe('steam-own-action');
    expect(manualListingSupport('skinport')).toBe('no-listing-call');
  });
});
