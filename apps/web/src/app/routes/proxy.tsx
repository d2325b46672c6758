import { ProxiesScreen } from '@/features/proxies/components/proxies-screen';

export default function ProxyRoute() {
  return <ProxiesScreen />;
}
