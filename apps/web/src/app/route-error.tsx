import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';

import { ErrorScreen } from '@/components/error-screen';
import { LayoutError } from '@/components/layout-error';

/** The message of a 404 (spec section 8): 'Page Not Found: {fullPath}'. */
export function pageNotFoundMessage(fullPath: string): string {
  return `Page Not Found: ${fullPath}`;
}

/** Any route error's status and message: a response's own, 500 for a thrown error. */
export function describeRouteError(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === 'string' && error.data !== '' ? error.data : error.statusText || null;
    return { status: error.status, message };
  }
  return { status: 500, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Errors of the pages inside the shell: a route that says no (validation, a 404 or 403 from a loader)
 * gets the error screen; a page that failed to render gets 'An error occurred: ...' inside its layout.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    console.error('[route] page failed', error);
    return <LayoutError error={error} />;
  }
  const { status, message } = describeRouteError(error);
  return <ErrorScreen status={status} message={message} />;
}

/** No route matches: a 404 inside the shell (non-fatal). */
export function NotFoundScreen() {
  const location = useLocation();
  return (
    <ErrorScreen
      status={404}
      message={pageNotFoundMessage(`${location.pathname}${location.search}${location.hash}`)}
    />
  );
}

/** Fatal errors (the shell itself failed): the error screen on its own. */
export function FatalErrorScreen() {
  const error = useRouteError();
  console.error('[app] fatal error', error);
  const { status, message } = describeRouteError(error);
  return <ErrorScreen status={status} message={message} />;
}
