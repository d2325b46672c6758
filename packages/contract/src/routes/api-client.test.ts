import { describe, expect, expectTypeOf, it } from 'vitest';

import {
  createApiClient,
  fillPath,
  type ApiBody,
  type ApiResponse,
  type ApiTransportRequest,
} from './api-client.ts';

describe('typed API client', () => {
  it('builds method and path from the route table, with path parameters encoded', async () => {
    const sent: ApiTransportRequest[] = [];
    const api = createApiClient(async (request) => {
      sent.push(request);
      return { success: true };
    });
    await api.call('server-groups.retrieve', { params: { id: 7 } });
    await api.call('toys.bulk_update_by_qs', { query: { label: 'danger' }, body: { ignore_price: true } });
    await api.call('steam-accounts.list', { query: { page_size: 999999, id: [1, 2] } });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/settings/server/7',
      'POST /api/toy/toys/bulk-toys-update-by-qs/',
      'GET /api/steam/accounts/',
    ]);
    expect(sent[1]!.body).toEqual({ ignore_price: true });
    expect(fillPath('/api/tag/{id}/', { id: 'a/b' })).toBe('/api/tag/a%2Fb/');
    expect(() => fillPath('/api/tag/{id}/')).toThrow(/Missing path parameter/);
  });

  it('knows each route body and reply type', () => {
    expectTypeOf<ApiBody<'toys.create'>>().toHaveProperty('market_hash_name');
    expectTypeOf<ApiResponse<'toys.retrieve'>>().toHaveProperty('ru_name');
    expectTypeOf<ApiResponse<'toys.list'>>().toHaveProperty('results');
    expectTypeOf<ApiResponse<'toys.destroy'>>().toEqualTypeOf<null>();
  });
});
