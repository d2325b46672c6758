/**
 * @toydesk/api-kit: what the API server and the bot services share to serve the contract's routes. Test
 * helpers are under `@toydesk/api-kit/testing`, not here.
 */
export * from './api-error.ts';
export * from './csv-export.ts';
export * from './env-config.ts';
export * from './error-answer.ts';
export * from './fastify-path.ts';
export * from './graceful-close.ts';
export * from './health-routes.ts';
export * from './heap-growth.ts';
export * from './metrics.ts';
export * from './filtered-page.ts';
export * from './page-helper.ts';
export * from './pagination.ts';
export * from './query-string.ts';
export * from './register-routes.ts';
export * from './route-context.ts';
export * from './security-headers.ts';
export * from './session-tokens.ts';
export * from './stop-on-signals.ts';
export * from './storable-input.ts';
export type { Row, RowReader } from './row-reader.ts';
