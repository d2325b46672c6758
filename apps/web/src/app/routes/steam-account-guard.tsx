import { SteamGuardScreen } from '@/features/steam-guard/components/steam-guard-screen';

export default function SteamAccountGuardRoute() {
  return <SteamGuardScreen />;
}
