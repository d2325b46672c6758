export { LisSkinsClient } from './lis-skins-client.ts';
export { LisSkinsMarket } from './lis-skins-market.ts';
export { lookupLisSkinsSpend } from './lis-skins-spend-lookup.ts';
