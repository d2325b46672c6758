export { BitskinsClient, BITSKINS_UNITS_PER_USD } from './bitskins-client.ts';
export { BitskinsMarket } from './bitskins-market.ts';
export { lookupBitskinsSpend } from './bitskins-spend-lookup.ts';
