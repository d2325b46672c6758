/** One cookie's value from a cookie string (document.cookie by default), or null. */
export function readCookie(name: string, cookies?: string): string | null {
  const source = cookies ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
