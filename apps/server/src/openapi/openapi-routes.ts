import { createRequire } from 'node:module';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import { buildOpenApiDocument } from '@toydesk/contract';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

/** /api/schema/ (the OpenAPI document) and /api/docs/ (Swagger UI served from the local package, no CDN). */
export async function registerOpenApi(app: FastifyInstance) {
  const document = JSON.stringify(buildOpenApiDocument());
  app.get('/api/schema/', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(document),
  );

  const uiRoot = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: uiRoot,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    index: false,
  });
  app.get('/api/docs/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>toydesk API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs-init.js"></script>
</body></html>`),
  );
  // The initialiser is a file of its own so that the page needs no inline script.
  app.get('/api/docs/assets/docs-init.js', async (_request, reply) =>
    reply.type('application/javascript').send(`
function readCookie(name) {
  const found = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return found ? decodeURIComponent(found.split('=')[1]) : '';
}
window.ui = SwaggerUIBundle({
  url: '/api/schema/',
  dom_id: '#swagger-ui',
  withCredentials: true,
  requestInterceptor: (req) => { req.headers['X-XSRF-TOKEN'] = readCookie('XSRF-TOKEN'); return req; },
});`),
  );
}
