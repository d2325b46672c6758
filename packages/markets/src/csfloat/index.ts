export { CsfloatClient, CSFLOAT_UNITS_PER_USD } from './csfloat-client.ts';
export { CsfloatMarket } from './csfloat-market.ts';
export { lookupCsfloatSpend } from './csfloat-spend-lookup.ts';
