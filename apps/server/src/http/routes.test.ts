import { API_ROUTES } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { useTestApp } from '../testing/use-test-app.ts';

const t = useTestApp();

describe('route table', () => {
  it('serves every method and path of the contract (spec section 7) exactly', async () => {
    const anonymous = t.newClient();
    await anonymous.get('/api/schema/');
    for (const route of API_ROUTES) {
      const path = route.path.replace('{id}', '1');
      const response = await anonymous.request<{ detail?: string }>(
        route.method,
        path,
        route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} },
      );
      // Anything but the router's own "no such route" 404: a 401 without a session proves the route exists.
      if (route.public) expect(response.status, `${route.method} ${path}`).not.toBe(404);
      else expect(response.status, `${route.method} ${path}: ${response.text}`).toBe(401);
    }
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(117);
  });

  it('keeps the spec trailing slashes: server groups have none, the others have one', async () => {
    const created = await t.client.post<{ id: number }>('/api/settings/server/', { name: 'slash-test' });
    expect((await t.client.get(`/api/settings/server/${created.body.id}`)).status).toBe(200);
    expect((await t.client.get(`/api/settings/server/${created.body.id}/`)).status).toBe(404);
    expect((await t.client.get('/api/tag')).status).toBe(404);
  });

  it('publishes an OpenAPI document with every route and an interactive reference', async () => {
    const schema = await t.client.get<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>('/api/schema/');
    expect(schema.body.openapi).toBe('3.1.0');
    for (const route of API_ROUTES) {
      expect(schema.body.paths[route.path]?.[route.method.toLowerCase()]?.operationId, route.id).toBe(
        route.id,
      );
    }
    const example = schema.body.paths['/api/toy/history-stats/stats-by-date/']!.get as unknown as {
      responses: Record<string, { content: Record<string, { example: unknown }> }>;
    };
    expect(example.responses['200']!.content['application/json']!.example).toBeTruthy();
    const docs = await t.client.get('/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger-ui');
    const asset = await t.client.get('/api/docs/assets/swagger-ui-bundle.js');
    expect(asset.status).toBe(200);
  });

  it('answers unknown API paths and ids with a DRF 404, never a 500', async () => {
    const r = await t.client.get<{ detail: string }>('/api/no/such/thing/');
    expect(r.status).toBe(404);
    expect(r.body.detail).toBeTruthy();
    expect((await t.client.get('/api/tag/abc/')).status).toBe(404);
    expect((await t.client.get('/api/tag/99999999999999/')).status).toBe(404);
  });
});
