import { ServerGroupsScreen } from '@/features/server-groups/components/server-groups-screen';

export default function ServerGroupsRoute() {
  return <ServerGroupsScreen />;
}
