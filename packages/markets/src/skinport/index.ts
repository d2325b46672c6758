export { SkinportClient } from './skinport-client.ts';
export { SkinportMarket } from './skinport-market.ts';
