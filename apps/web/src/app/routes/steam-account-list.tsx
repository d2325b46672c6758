import { SteamAccountsScreen } from '@/features/steam-accounts/components/steam-accounts-screen';

export default function SteamAccountListRoute() {
  return <SteamAccountsScreen />;
}
