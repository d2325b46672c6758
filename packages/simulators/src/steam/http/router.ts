import type { SimContext, SimReply } from './context.ts';

export type SimHandler = (ctx: SimContext) => SimReply | Promise<SimReply>;

interface Route {
  method: string;
  name: string;
  pattern: RegExp;
  keys: string[];
  handler: SimHandler;
}

export type RouteMatch =
  | { kind: 'found'; name: string; handler: SimHandler; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] };

/** Paths like `/community/profiles/:steamid/edit/info`; a trailing slash is always optional. */
export class SimRouter {
  private readonly routes: Route[] = [];

  add(method: string | string[], path: string, handler: SimHandler, name = path): this {
    const keys: string[] = [];
    const source = path
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) {
          keys.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const pattern = new RegExp(`^${source}/?$`);
    for (const one of Array.isArray(method) ? method : [method]) {
      this.routes.push({ method: one.toUpperCase(), name, pattern, keys, handler });
    }
    return this;
  }

  get(path: string, handler: SimHandler, name?: string): this {
    return this.add('GET', path, handler, name);
  }

  post(path: string, handler: SimHandler, name?: string): this {
    return this.add('POST', path, handler, name);
  }

  match(method: string, path: string): RouteMatch {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.keys.forEach((key, index) => {
        params[key] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { kind: 'found', name: route.name, handler: route.handler, params };
    }
    return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }

  list(): { method: string; path: string }[] {
    return this.routes.map((route) => ({ method: route.method, path: route.name }));
  }
}
