import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

import type { LazyPage } from '@/lib/chunk-reload';

export type LayoutName = 'default' | 'wide';
export type PageTransition = 'fade' | 'none';

/** A route's check of its parameters: true, or the error to show (status default 404). */
export type RouteValidation = (params: Params) => true | false | { status?: number; message?: string };

export interface PageRouteDef {
  path: string;
  page: LazyPage;
  /** Translation key of the page title (nav label and document title). */
  titleKey: string;
  layout?: LayoutName;
  transition?: PageTransition;
  validate?: RouteValidation;
  /**
   * Starts the page's first data query when the console opens on this route, while the common data and
   * the page module load (bench:web); quiet on failure, the page's own query reports it.
   */
  prefetchData?: (client: QueryClient) => void;
}

export interface RedirectRouteDef {
  path: string;
  redirect: string;
  /** The target is another site: a full page load. Without it an external target is refused. */
  external?: boolean;
}

export type RouteDefinition = PageRouteDef | RedirectRouteDef;

/** What the shell reads from the current match (useMatches). */
export interface RouteHandle {
  titleKey?: string;
  layout?: LayoutName;
  transition?: PageTransition;
  preload?: () => Promise<unknown>;
  prefetchData?: (client: QueryClient) => void;
}

export function isRedirect(route: RouteDefinition): route is RedirectRouteDef {
  return 'redirect' in route;
}
