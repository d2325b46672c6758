import { PriceBoardScreen } from '@/features/price-board/components/price-board-screen';

export default function PriceBoardRoute() {
  return <PriceBoardScreen />;
}
