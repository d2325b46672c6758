import { ProfitScreen } from '@/features/profit/components/profit-screen';

export default function ProfitRoute() {
  return <ProfitScreen />;
}
