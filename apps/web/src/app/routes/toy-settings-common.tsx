import { ToysScreen } from '@/features/toy-settings/components/toys-screen';

export default function ToySettingsCommonRoute() {
  return <ToysScreen />;
}
