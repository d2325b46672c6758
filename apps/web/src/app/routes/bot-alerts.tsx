import { BotAlertsScreen } from '@/features/bot-alerts/components/bot-alerts-screen';

export default function BotAlertsRoute() {
  return <BotAlertsScreen />;
}
