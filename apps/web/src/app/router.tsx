import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  createMemoryRouter,
  data,
  matchRoutes,
  Outlet,
  redirect,
  redirectDocument,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';

import { routePreloads } from '@/lib/prefetch';
import { classifyNavigation } from '@/lib/safe-navigation';

import { FatalErrorScreen, NotFoundScreen, pageNotFoundMessage, RouteErrorScreen } from './route-error';
import {
  isRedirect,
  type PageRouteDef,
  type RedirectRouteDef,
  type RouteDefinition,
  type RouteHandle,
} from './route-definitions';
import { ROUTES } from './route-table';
import { AppShell } from './shell/app-shell';

/** A route's validation as a loader: a failed check is a route error with its status (default 404). */
export function validationLoader(def: PageRouteDef) {
  const validate = def.validate;
  if (!validate) return undefined;
  return ({ params, request }: LoaderFunctionArgs) => {
    const result = validate(params);
    if (result === true) return null;
    const url = new URL(request.url);
    const notFound = pageNotFoundMessage(`${url.pathname}${url.search}`);
    if (result === false) throw data(notFound, { status: 404 });
    throw data(result.message ?? notFound, { status: result.status ?? 404 });
  };
}

/** A redirect rule: inside the console through the router; another site only when marked external. */
export function redirectLoader(def: RedirectRouteDef) {
  return () => {
    const target = classifyNavigation(def.redirect, { external: def.external });
    if (target.kind === 'internal') return redirect(target.path);
    if (target.kind === 'external') return redirectDocument(target.href);
    throw data(`Navigation refused: ${def.redirect}`, { status: 400 });
  };
}

function toRouteObject(def: RouteDefinition): RouteObject {
  if (isRedirect(def)) return { path: def.path, loader: redirectLoader(def) };
  const handle: RouteHandle = {
    titleKey: def.titleKey,
    layout: def.layout,
    transition: def.transition,
    preload: def.page.preload,
    prefetchData: def.prefetchData,
  };
  return { path: def.path, loader: validationLoader(def), Component: def.page, handle };
}

/** The route tree: the shell around every page; page errors inside the shell, fatal ones on their own. */
export function buildRoutes(routes: readonly RouteDefinition[] = ROUTES): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Outlet />,
      errorElement: <FatalErrorScreen />,
      HydrateFallback: () => null,
      children: [
        {
          id: 'shell',
          element: <AppShell />,
          children: [
            {
              errorElement: <RouteErrorScreen />,
              children: [...routes.map(toRouteObject), { path: '*', element: <NotFoundScreen /> }],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(
  options: { initialEntries?: string[]; routes?: readonly RouteDefinition[] } = {},
) {
  const routes = buildRoutes(options.routes);
  const router = options.initialEntries
    ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
    : createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || undefined });
  /** Preloads the page module of a path (the link prefetch of spec section 9). */
  const prefetch = (path: string) => {
    const matches = matchRoutes(routes, path);
    const preload = (matches?.[matches.length - 1]?.route.handle as RouteHandle | undefined)?.preload;
    if (preload) routePreloads.add(preload);
  };
  /**
   * A cold start: the current route's page module and first data query, started before the common-data
   * gate opens so that they load alongside the common data instead of after it (bench:web).
   */
  const startCurrentRoute = (client: QueryClient) => {
    const path = router.state.location.pathname;
    prefetch(path);
    const matches = matchRoutes(routes, path);
    (matches?.[matches.length - 1]?.route.handle as RouteHandle | undefined)?.prefetchData?.(client);
  };
  return { router, prefetch, startCurrentRoute };
}
