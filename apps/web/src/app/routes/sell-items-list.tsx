import { SellItemsScreen } from '@/features/sell-items/components/sell-items-screen';

export default function SellItemsListRoute() {
  return <SellItemsScreen />;
}
