import { AccountChecklistsScreen } from '@/features/account-checklists/components/account-checklists-screen';

export default function SteamAccountCheckListRoute() {
  return <AccountChecklistsScreen />;
}
