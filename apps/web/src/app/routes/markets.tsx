import { MarketsScreen } from '@/features/markets/components/markets-screen';

export default function MarketsRoute() {
  return <MarketsScreen />;
}
