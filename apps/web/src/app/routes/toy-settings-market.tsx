import { MarketToysScreen } from '@/features/toy-settings/components/market-toys-screen';

export default function ToySettingsMarketRoute() {
  return <MarketToysScreen />;
}
