import { BotDeliveriesScreen } from '@/features/bot-deliveries/components/bot-deliveries-screen';

export default function BotDeliveriesRoute() {
  return <BotDeliveriesScreen />;
}
