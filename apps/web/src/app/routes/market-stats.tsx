import { useParams } from 'react-router';

import { MarketStatsScreen } from '@/features/market-stats/components/market-stats-screen';

export default function MarketStatsRoute() {
  const { tab } = useParams();
  return <MarketStatsScreen market={tab} />;
}
