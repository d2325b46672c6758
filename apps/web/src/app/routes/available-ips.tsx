import { AvailableIpsScreen } from '@/features/available-ips/components/available-ips-screen';

export default function AvailableIpsRoute() {
  return <AvailableIpsScreen />;
}
