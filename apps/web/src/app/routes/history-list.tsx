import { HistoryScreen } from '@/features/history/components/history-screen';

export default function HistoryListRoute() {
  return <HistoryScreen />;
}
