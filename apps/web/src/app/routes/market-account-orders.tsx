import { useParams } from 'react-router';

import { MarketOrdersScreen } from '@/features/market-orders/components/market-orders-screen';

export default function MarketAccountOrdersRoute() {
  const { tab } = useParams();
  return <MarketOrdersScreen market={tab} />;
}
