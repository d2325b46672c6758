/**
 * Start-up requests sent by a small inline script in index.html, before the console's scripts have loaded
 * and run: on a cold start the common data and the first screen's list were asked for only once ~1 MB of
 * JavaScript had been fetched, compiled and run (~0.4 s, bench:web). The script stores each response under
 * its URL; the request wrapper takes it, once, in place of its own fetch of the same URL.
 */

/** The window property the inline script fills: absolute URL -> the fetch it started. */
export const EARLY_GLOBAL = '__toydeskEarly';

type EarlyTable = Record<string, Promise<Response> | undefined>;

/** Console paths (without the public base) -> the API paths to GET at once; '*' for every path. */
export type EarlyRequestPlan = Readonly<Record<string, readonly string[]>>;

/** Console paths -> the built files of their page's chunk and its imports, to preload as modules. */
export type EarlyModules = Readonly<Record<string, readonly string[]>>;

function table(): EarlyTable | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, EarlyTable | undefined>)[EARLY_GLOBAL];
}

/** The same URL whatever the order of its query parameters. */
function normalizeUrl(url: string): string {
  const parsed = new URL(url, window.location.href);
  parsed.searchParams.sort();
  parsed.hash = '';
  return parsed.href;
}

/** The early response for a GET of this URL, once; null when the script did not ask for it. */
export function takeEarlyResponse(url: string): Promise<Response> | null {
  const early = table();
  if (!early) return null;
  const wanted = normalizeUrl(url);
  for (const [key, response] of Object.entries(early)) {
    if (response === undefined || normalizeUrl(key) !== wanted) continue;
    delete early[key];
    return response;
  }
  return null;
}

/** The early requests nothing has taken (yet): a screen whose first request no longer matches its plan. */
export function untakenEarlyRequests(): string[] {
  return Object.keys(table() ?? {});
}

/**
 * The inline script for index.html. Plain ES2017 without imports: it runs before anything else. The API
 * base is the build's VITE_API_BASE_URL ('' for the console's own origin); credentials go only to another
 * host, as the wrapper sends them (spec section 6). It also preloads the current page's chunks, which the
 * router would otherwise ask for only once the first-screen scripts have run. A failure here only means
 * the console loads and fetches as it would without it. A URL with a query (the history's filters kept in
 * it) asks for another first list than the plan's, so only the common data goes early then.
 */
export function earlyRequestScript(
  plan: EarlyRequestPlan,
  apiBase: string,
  publicBase: string,
  modules: EarlyModules = {},
): string {
  const base = apiBase.replace(/\/+$/, '');
  const prefix = publicBase.replace(/\/+$/, '');
  return `(function(){try{var plan=${JSON.stringify(plan)},mods=${JSON.stringify(modules)},base=${JSON.stringify(base)},prefix=${JSON.stringify(prefix)};
var path=location.pathname;if(prefix&&path.indexOf(prefix)===0)path=path.slice(prefix.length)||'/';
if(path.length>1)path=path.replace(/\\/+$/,'');
var urls=(plan['*']||[]).concat(location.search?[]:(plan[path]||[])),early={};
var xsrf=/(?:^|; *)XSRF-TOKEN=([^;]*)/.exec(document.cookie),headers={accept:'application/json'};
if(xsrf)headers['X-XSRF-TOKEN']=decodeURIComponent(xsrf[1]);
urls.forEach(function(u){var url=new URL((base||location.origin)+u,location.href);
var p=fetch(url.href,{headers:headers,credentials:url.host===location.host?'same-origin':'include'});
p.catch(function(){});early[url.href]=p;});
window[${JSON.stringify(EARLY_GLOBAL)}]=early;
(mods[path]||[]).forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});
}catch(e){}})();`;
}
