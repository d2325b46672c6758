/**
 * A small path router for one simulated market. The simulator mounts a single wildcard route in Fastify and
 * routes itself, so it behaves the same whatever router options the host server uses (trailing slashes,
 * query parser, body parsers). Patterns use `:name` segments; a trailing slash is always optional.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CompiledRoute<R> {
  methods: readonly HttpMethod[];
  regex: RegExp;
  keys: string[];
  route: R;
}

export type RouteMatch<R> =
  | { kind: 'found'; route: R; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

export class Router<R> {
  private readonly routes: CompiledRoute<R>[] = [];

  add(methods: readonly HttpMethod[], pattern: string, route: R): void {
    const keys: string[] = [];
    const source = pattern
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ methods, regex: new RegExp(`^${source}/?$`), keys, route });
  }

  match(method: string, path: string): RouteMatch<R> {
    const allowed: HttpMethod[] = [];
    for (const compiled of this.routes) {
      const found = compiled.regex.exec(path);
      if (!found) continue;
      if (!compiled.methods.includes(method as HttpMethod)) {
        allowed.push(...compiled.methods);
        continue;
      }
      const params: Record<string, string> = {};
      compiled.keys.forEach((key, index) => {
        const raw = found[index + 1] ?? '';
        try {
          params[key] = decodeURIComponent(raw);
        } catch {
          params[key] = raw;
        }
      });
      return { kind: 'found', route: compiled.route, params };
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}
