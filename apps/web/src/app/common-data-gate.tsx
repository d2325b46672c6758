import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';

import { COMMON_DATA_KEY, CommonDataContext, loginUrl, normalizeCommonData } from '@/lib/common-data';
import { unwrap } from '@/lib/query';
import { setBotToken } from '@/lib/request';

import { takeCommonData } from './early-common-data';

/**
 * Spec sections 1 and 7: nothing renders before the common data has answered; when it fails the browser
 * goes to the back end's login page, which brings the operator back here afterwards.
 */
export function CommonDataGate({ children }: { children: ReactNode }) {
  const common = useQuery({
    queryKey: COMMON_DATA_KEY,
    queryFn: async () => {
      const data = normalizeCommonData(unwrap(await takeCommonData()));
      // Before the children render: their effects (bot reads, the alerts poller) run before this
      // component's own effects, and a bot call without the token is a 401.
      setBotToken(data.botToken);
      return data;
    },
    staleTime: Infinity,
  });
  const data = common.data;
  useEffect(() => {
    if (data) setBotToken(data.botToken);
  }, [data]);
  useEffect(() => {
    if (!common.isError || data) return;
    const { pathname, search, hash } = window.location;
    window.location.assign(loginUrl(`${pathname}${search}${hash}`));
  }, [common.isError, data]);
  if (!data) return null;
  return <CommonDataContext.Provider value={data}>{children}</CommonDataContext.Provider>;
}
