import { Box, Container, Fade, LinearProgress } from '@mui/material';
import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import type { LayoutName, PageTransition } from '../route-definitions';

export interface LayoutProps {
  children: ReactNode;
  transition?: PageTransition;
}

function PageArea({ children, transition }: LayoutProps) {
  const { pathname } = useLocation();
  const content = <Suspense fallback={<LinearProgress aria-busy="true" />}>{children}</Suspense>;
  if (transition === 'none') return content;
  return (
    <Fade key={pathname} in appear timeout={150}>
      <Box>{content}</Box>
    </Fade>
  );
}

/** The default layout: a centred page up to the xl breakpoint. */
function DefaultLayout(props: LayoutProps) {
  return (
    <Container component="main" maxWidth="xl" sx={{ py: 2 }}>
      <PageArea {...props} />
    </Container>
  );
}

/** Full width, for the large tables. */
function WideLayout(props: LayoutProps) {
  return (
    <Box component="main" sx={{ px: 2, py: 2 }}>
      <PageArea {...props} />
    </Box>
  );
}

/** The layout a route's handle asks for; 'default' when it names none or an unknown one. */
export function PageLayout({ name, ...props }: LayoutProps & { name: string | undefined }) {
  switch (name as LayoutName | undefined) {
    case 'wide':
      return <WideLayout {...props} />;
    default:
      return <DefaultLayout {...props} />;
  }
}
