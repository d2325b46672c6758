import { MarketDatabaseScreen } from '@/features/market-database/components/market-database-screen';

export default function MarketDatabaseRoute() {
  return <MarketDatabaseScreen />;
}
