export {
  DmarketClient,
  DMARKET_GAME_ID,
  DMARKET_CENTS_PER_USD,
  type DmarketPrice,
} from './dmarket-client.ts';
export { DmarketMarket } from './dmarket-market.ts';
export {
  dmarketHeaders,
  dmarketSigningText,
  parseDmarketCredential,
  type DmarketKeys,
} from './dmarket-signing.ts';
