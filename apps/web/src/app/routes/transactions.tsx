import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';

export default function TransactionsRoute() {
  return <TransactionsScreen />;
}
