import { MarketAccountsScreen } from '@/features/market-accounts/components/market-accounts-screen';

export default function MarketAccountListRoute() {
  return <MarketAccountsScreen />;
}
