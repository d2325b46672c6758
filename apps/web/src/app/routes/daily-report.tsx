import { DailyReportScreen } from '@/features/daily-report/components/daily-report-screen';

export default function DailyReportRoute() {
  return <DailyReportScreen />;
}
