/** An HTTP client for tests that keeps cookies and echoes the XSRF-TOKEN cookie like the console does. */
export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
  setCookies: string[];
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON). */
  rawBody?: string;
  contentType?: string;
  query?: Record<string, string | number | boolean | (string | number)[]>;
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header (default true). */
  xsrf?: boolean;
  redirect?: 'manual' | 'follow';
}

export function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (options.xsrf !== false && xsrf) headers['x-xsrf-token'] = xsrf;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] = options.contentType ?? 'application/json';
    } else if (options.body !== undefined) {
      body =
        options.contentType === 'application/x-www-form-urlencoded'
          ? new URLSearchParams(options.body as Record<string, string>).toString()
          : JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}${toQueryString(options.query)}`, {
      method,
      headers,
      body,
      redirect: options.redirect ?? 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired =
        attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) ||
        attrs.some((a) => /max-age=0\b/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, text, headers: response.headers, setCookies };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** Picks up the XSRF cookie with a GET, then logs in through the JSON endpoint. */
  async login(username: string, password: string): Promise<TestResponse> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/schema/');
    return this.post('/api/accounts/login/', { username, password });
  }
}
