import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';

import { useLiveUpdates } from '@/lib/live-updates';
import { scrollToHash } from '@/lib/scroll';

import { PageLayout } from '../layouts/layouts';
import type { RouteHandle } from '../route-definitions';
import { TopBar } from './top-bar';
import { VersionNotice } from './version-notice';

/** On a new page: to the #hash anchor when there is one (once the page has rendered it), else to the top. */
function useScrollOnNavigation() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    // The page may still be loading its chunk: look for the anchor for up to a second.
    let frames = 0;
    let handle = 0;
    const tryHash = () => {
      if (scrollToHash(hash) || frames++ > 60) return;
      handle = requestAnimationFrame(tryHash);
    };
    tryHash();
    return () => cancelAnimationFrame(handle);
  }, [pathname, hash]);
}

/** The shell around every page: the top bar, then the page in the layout its route asks for. */
export function AppShell() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => match.handle)?.handle as RouteHandle | undefined;
  useScrollOnNavigation();
  useLiveUpdates(useQueryClient());
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar />
      <PageLayout name={handle?.layout} transition={handle?.transition}>
        <Outlet />
      </PageLayout>
      <VersionNotice />
    </Box>
  );
}
