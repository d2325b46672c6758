import { BotJobsScreen } from '@/features/bot-jobs/components/bot-jobs-screen';

export default function BotJobsRoute() {
  return <BotJobsScreen />;
}
