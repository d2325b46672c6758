import { InventoryScreen } from '@/features/inventory/components/inventory-screen';

export default function InventoryListRoute() {
  return <InventoryScreen />;
}
