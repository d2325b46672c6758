import { forwardRef, useContext, type AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';

import { RoutePrefetchContext } from '@/lib/prefetch';
import { classifyNavigation } from '@/lib/safe-navigation';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** The link leaves the console (opens in a new tab); without it an external URL is refused. */
  external?: boolean;
  /** Loads the target route's code on hover or focus (default true). */
  prefetch?: boolean;
}

/**
 * The console's link: routes through the router with prefetch, other sites only when marked external,
 * script and data URLs never (spec section 8). A refused target renders as text without a link.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, external, prefetch = true, onMouseEnter, onFocus, children, ...rest },
  ref,
) {
  const prefetchRoute = useContext(RoutePrefetchContext);
  const target = classifyNavigation(to, { external });
  if (target.kind === 'refused') {
    return (
      <a ref={ref} {...rest} aria-disabled="true">
        {children}
      </a>
    );
  }
  if (target.kind === 'external') {
    return (
      <a ref={ref} href={target.href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link
      ref={ref}
      to={target.path}
      onMouseEnter={(event) => {
        if (prefetch) prefetchRoute(target.path);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        if (prefetch) prefetchRoute(target.path);
        onFocus?.(event);
      }}
      {...rest}
    >
      {children}
    </Link>
  );
});
