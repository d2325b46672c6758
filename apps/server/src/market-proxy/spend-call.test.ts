import { describe, expect, it } from 'vitest';
import { ApiError } from '@toydesk/api-kit';

import { recogniseSpendCall } from './spend-call.ts';

const q = (query: Record<string, string>) => new URLSearchParams(query);

describe('spending calls in proxied paths', () => {
  it('recognises buy, set-order and money-send of the tm family, with a custom_id always', () => {
    const buy = q({ hash_name: 'X', price: '12345' });
    const seen = recogniseSpendCall('tm', 'api/v2/buy', buy, 'RUB');
    expect(seen).toMatchObject({ call: 'buy', amount: '123.45', currency: 'RUB', customIdAdded: true });
    // Added to the forwarded query, so tm can tell a retry apart.
    expect(buy.get('custom_id')).toBe(seen!.customId);

    const usd = recogniseSpendCall(
      'tm_usd',
      'api/v2/buy',
      q({ id: '9', price: '1500', custom_id: 'c-1' }),
      'USD',
    );
    expect(usd).toMatchObject({
      amount: '1.50',
      currency: 'USD',
      customId: 'c-1',
      customIdAdded: false,
      hashName: null,
    });

    const order = q({ market_hash_name: 'X', count: '3', price: '250', custom_id: 'o-1' });
    expect(recogniseSpendCall('cs7', 'api/v2/set-order', order, 'RUB')).toMatchObject({
      call: 'set-order',
      amount: '7.5',
      customId: 'o-1',
      order: { marketHashName: 'X', price: '2.50', count: 3 },
    });
    // tm's set-order knows no custom_id: the proxy keeps it for itself.
    expect(order.has('custom_id')).toBe(false);

    expect(recogniseSpendCall('tm', 'api/v2/money-send/10000/otherkey', q({}), 'RUB')).toMatchObject({
      call: 'money-send',
      amount: '100.00',
    });
  });

  it('recognises the buys of Waxpeer, CSFloat and BitSkins', () => {
    const wax = q({ name: 'X', price: '1500', partner: '1', token: 't' });
    const seen = recogniseSpendCall('waxpeer', 'v1/buy-one-p2p-name', wax, 'USD');
    expect(seen).toMatchObject({ call: 'buy', amount: '1.50', currency: 'USD', hashName: 'X' });
    // Waxpeer's own id of the purchase: added to the forwarded query, what check-many-project-id finds.
    expect(wax.get('project_id')).toBe(seen!.customId);

    const float = recogniseSpendCall('csfloat', 'api/v1/listings/buy', q({}), 'USD', {
      contract_ids: ['324288155723370196'],
      total_price: 1234,
      custom_id: 'f-1',
    });
    expect(float).toMatchObject({
      amount: '12.34',
      customId: 'f-1',
      listingIds: ['324288155723370196'],
      doneOn2xx: true,
    });
    // CSFloat takes no id of ours: the proxy keeps it and forwards the body without it.
    expect(JSON.parse(float!.bodyText!)).toEqual({
      contract_ids: ['324288155723370196'],
      total_price: 1234,
    });

    expect(
      recogniseSpendCall('bitskins', 'market/buy/single', q({}), 'USD', {
        app_id: 730,
        id: '77',
        max_price: 2500,
      }),
    ).toMatchObject({ amount: '2.50', listingIds: ['77'], customIdAdded: true });
  });

  it('leaves every other call and marketplace alone', () => {
    expect(recogniseSpendCall('tm', 'api/v2/get-money', q({}), 'RUB')).toBeNull();
    expect(recogniseSpendCall('csfloat', 'api/v2/buy', q({ price: '1' }), 'USD')).toBeNull();
  });

  it('refuses what it cannot count or look up with a 400', () => {
    for (const [path, query] of [
      ['api/v2/buy', { hash_name: 'X' }],
      ['api/v2/buy', { hash_name: 'X', price: '1.5' }],
      ['api/v2/buy', { price: '100' }],
      ['api/v2/buy', { hash_name: 'X', price: '100', custom_id: 'a b' }],
      ['api/v2/buy', { hash_name: 'X', price: '100', cur: 'XYZ' }],
      ['api/v2/set-order', { market_hash_name: 'X', count: '0', price: '100' }],
      ['api/v2/money-send/abc/key', {}],
    ] as const) {
      const attempt = () => recogniseSpendCall('tm', path, q(query), 'RUB');
      expect(attempt, `${path} ${JSON.stringify(query)}`).toThrow(ApiError);
    }
    // A 64-bit listing id that came as a JSON number has already lost digits: refused, never bought.
    const unsafe = () =>
      recogniseSpendCall('csfloat', 'api/v1/listings/buy', q({}), 'USD', {
        contract_ids: [2 ** 53 + 2],
        total_price: 100,
      });
    expect(unsafe).toThrow(ApiError);
    const noPrice = () => recogniseSpendCall('waxpeer', 'v1/buy-one-p2p-name', q({ name: 'X' }), 'USD');
    expect(noPrice).toThrow(ApiError);
  });

  const twoCustomIds: [string, string][] = [
    ['custom_id', 'a'],
    ['custom_id', 'b'],
  ];
  it.each<['tm' | 'waxpeer', string, [string, string][]]>([
    [
      'tm',
      'api/v2/buy',
      [
        ['hash_name', 'X'],
        ['price', '100'],
        ['price', '99999999'],
      ],
    ],
    ['tm', 'api/v2/buy', [['hash_name', 'X'], ['price', '100'], ...twoCustomIds]],
    ['tm', 'api/v2/money-send/100/key', [...twoCustomIds, ['cur', 'RUB'], ['cur', 'USD']]],
    [
      'waxpeer',
      'v1/buy-one-p2p-name',
      [
        ['name', 'X'],
        ['price', '1000'],
        ['project_id', 'a'],
        ['project_id', 'b'],
      ],
    ],
  ])(
    'refuses a spending call with a parameter given twice (%s %s: the market may read the other value)',
    (code, path, pairs) => {
      const status = (() => {
        try {
          recogniseSpendCall(code, path, new URLSearchParams(pairs), 'RUB');
        } catch (error) {
          return error instanceof ApiError ? error.status : -1;
        }
        return 0;
      })();
      expect(status).toBe(400);
    },
  );
});
