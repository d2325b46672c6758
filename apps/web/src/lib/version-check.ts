/** Spec section 9: every hour the console asks whether a newer build is being served. */
export const VERSION_CHECK_INTERVAL_MS = 3_600_000;

export function readBuildId(html: string): string | null {
  const match = /<meta\s+name=["']toydesk-build["']\s+content=["']([^"']*)["']/i.exec(html);
  return match?.[1] ? match[1] : null;
}

/** The build id of the index.html being served now, or null when it cannot be read. */
export async function fetchServedBuildId(indexUrl: string): Promise<string | null> {
  try {
    const response = await fetch(`${indexUrl}${indexUrl.includes('?') ? '&' : '?'}v=${Date.now()}`, {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
    });
    return response.ok ? readBuildId(await response.text()) : null;
  } catch {
    return null;
  }
}

export interface VersionCheckOptions {
  current: string;
  onNewVersion: (served: string) => void;
  fetchBuildId?: () => Promise<string | null>;
  intervalMs?: number;
}

/** Starts the hourly check; returns the function that stops it. Dev builds ('dev') are not checked. */
export function startVersionCheck(options: VersionCheckOptions): () => void {
  if (options.current === 'dev') return () => undefined;
  const fetchBuildId =
    options.fetchBuildId ?? (() => fetchServedBuildId(`${import.meta.env.BASE_URL}index.html`));
  let stopped = false;
  const timer = setInterval(() => {
    void fetchBuildId().then((served) => {
      if (!stopped && served !== null && served !== options.current) options.onNewVersion(served);
    });
  }, options.intervalMs ?? VERSION_CHECK_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
