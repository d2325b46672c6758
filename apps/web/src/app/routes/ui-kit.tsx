import { UiKitScreen } from '@/features/ui-kit/components/ui-kit-screen';

export default function UiKitRoute() {
  return <UiKitScreen />;
}
