export * from './market.ts';
export * from './market-endpoints.ts';
