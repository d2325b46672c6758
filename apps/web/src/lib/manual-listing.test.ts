import { describe, expect, it } from 'vitest';

import {
  listingRequests,
  planListingRows,
  rowPrice,
  type ListingAccount,
  type ListingItem,
} from './manual-listing';

const item = (key: string, steamAccount: number, toy: number | null, name = `Item ${key}`): ListingItem => ({
  key,
  assetId: `9007199254740993${key}`,
  steamAccount,
  steamAccountName: `bot_${steamAccount}`,
  marketHashName: name,
  toy,
});
const account = (id: number, steamAccount: number, currency = 'RUB'): ListingAccount => ({
  id,
  steamAccount,
  currency,
  dryRun: false,
  label: `Market ${id}`,
});
const bands = new Map([
  [1, { priceBuy: '50', priceSell: '100' }],
  [2, { priceBuy: '10', priceSell: '20' }],
]);

describe('planListingRows', () => {
  it('prices each row in its account’s currency within its band, and says why a row is not sent', () => {
    const rows = planListingRows(
      [item('a', 1, 1), item('b', 1, 2), item('c', 2, 1), item('d', 3, 1), item('e', 1, null)],
      [account(10, 1), account(11, 2, 'USD')],
      bands,
      new Map(),
      { kind: 'absolute', prices: { RUB: '60' } },
      false,
    );
    expect(rows.map((row) => [row.item.key, row.currency, rowPrice(row), row.problem])).toEqual([
      ['a', 'RUB', '60.00', null],
      ['b', 'RUB', '20.00', null],
      ['c', 'USD', null, 'no-price'],
      ['d', null, null, 'no-account'],
      ['e', 'RUB', '60.00', null],
    ]);
    expect(rows[1]!.decision).toMatchObject({ status: 'clamped', asked: '60.00' });
  });

  it('refuses below price_buy unless allowed, and prices from the market with percent and undercut', () => {
    const below = planListingRows(
      [item('a', 1, 1)],
      [account(10, 1)],
      bands,
      new Map(),
      { kind: 'absolute', prices: { RUB: '40' } },
      false,
    );
    expect(below[0]!.problem).toBe('below-buy');
    const allowed = planListingRows(
      [item('a', 1, 1)],
      [account(10, 1)],
      bands,
      new Map(),
      { kind: 'absolute', prices: { RUB: '40' } },
      true,
    );
    expect(rowPrice(allowed[0]!)).toBe('40.00');
    const market = new Map([['Item a', '80.00']]);
    const percent = planListingRows(
      [item('a', 1, 1), item('b', 1, 1)],
      [account(10, 1)],
      bands,
      market,
      {
        kind: 'percent',
        percent: '-5',
      },
      false,
    );
    expect(percent.map((row) => [rowPrice(row), row.problem])).toEqual([
      ['76.00', null],
      [null, 'no-price'],
    ]);
    const undercut = planListingRows(
      [item('a', 1, 1)],
      [account(10, 1)],
      bands,
      market,
      {
        kind: 'undercut',
        steps: 3,
      },
      false,
    );
    expect(rowPrice(undercut[0]!)).toBe('79.97');
  });
});

describe('the account’s price guard', () => {
  it('marks a price above its percent of the market’s price, as the job refuses it', () => {
    const guarded = { ...account(10, 1), maxPricePercent: 110 };
    const market = new Map([['Item a', '80.00']]);
    const rows = planListingRows(
      [item('a', 1, 1)],
      [guarded],
      bands,
      market,
      { kind: 'absolute', prices: { RUB: '90' } },
      false,
    );
    expect(rows[0]!.problem).toBe('max-price');
    expect(rowPrice(rows[0]!)).toBeNull();
    const within = planListingRows(
      [item('a', 1, 1)],
      [guarded],
      bands,
      market,
      { kind: 'absolute', prices: { RUB: '88' } },
      false,
    );
    expect(rowPrice(within[0]!)).toBe('88.00');
  });
});

describe('listingRequests', () => {
  it('makes one request per market account with the asset ids as strings and a listing key each', () => {
    const rows = planListingRows(
      [item('a', 1, 1), item('b', 2, 1), item('c', 1, 1), item('d', 3, 1)],
      [account(10, 1), account(11, 2)],
      bands,
      new Map(),
      { kind: 'absolute', prices: { RUB: '70' } },
      false,
    );
    let n = 0;
    const requests = listingRequests(rows, false, () => `key-${++n}`);
    expect(requests.map((request) => [request.account.id, request.body])).toEqual([
      [
        10,
        {
          listing_key: 'key-1',
          items: [
            { asset_id: '9007199254740993a', price: '70.00', currency: 'RUB' },
            { asset_id: '9007199254740993c', price: '70.00', currency: 'RUB' },
          ],
        },
      ],
      [
        11,
        { listing_key: 'key-2', items: [{ asset_id: '9007199254740993b', price: '70.00', currency: 'RUB' }] },
      ],
    ]);
  });
});
