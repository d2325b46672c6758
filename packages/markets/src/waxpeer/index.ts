export { WaxpeerClient, WAXPEER_UNITS_PER_USD } from './waxpeer-client.ts';
export { WaxpeerMarket } from './waxpeer-market.ts';
export { lookupWaxpeerSpend } from './waxpeer-spend-lookup.ts';
