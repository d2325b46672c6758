/**
 * A stand-in for the `request` package that steamcommunity (and through it steam-tradeoffer-manager) sends
 * with: the real library code runs, offline, against canned answers, and every call is recorded.
 */
export interface FakeCall {
  method: string;
  url: URL;
  form: Record<string, unknown> | null;
  headers: Record<string, string>;
  json: boolean;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

type RequestCallback = (error: Error | null, response?: unknown, body?: unknown) => void;

export interface FakeRequest {
  (options: Record<string, unknown>, callback: RequestCallback): void;
  defaults(options?: Record<string, unknown>): FakeRequest;
  calls: FakeCall[];
  defaultsSeen: Record<string, unknown>[];
}

export function fakeRequest(handler: (call: FakeCall) => FakeReply | undefined): FakeRequest {
  const calls: FakeCall[] = [];
  const defaultsSeen: Record<string, unknown>[] = [];
  const request = ((options: Record<string, unknown>, callback: RequestCallback) => {
    const url = new URL(String(options.uri ?? options.url));
    for (const [key, value] of Object.entries((options.qs as Record<string, unknown> | undefined) ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const call: FakeCall = {
      method: String(options.method ?? 'GET').toUpperCase(),
      url,
      form: ((options.form ?? options.formData) as Record<string, unknown> | undefined) ?? null,
      headers: (options.headers as Record<string, string> | undefined) ?? {},
      json: Boolean(options.json),
    };
    calls.push(call);
    const reply = handler(call) ?? { status: 404, body: 'not faked' };
    let body = reply.body;
    if (call.json && typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // stays a string (an HTML page where JSON was expected)
      }
    }
    if (!call.json && body !== null && typeof body === 'object') body = JSON.stringify(body);
    const response = {
      statusCode: reply.status ?? 200,
      headers: reply.headers ?? {},
      body,
      request: { redirects: [] },
    };
    setImmediate(() => callback(null, response, body));
  }) as FakeRequest;
  request.calls = calls;
  request.defaultsSeen = defaultsSeen;
  request.defaults = (options = {}) => {
    defaultsSeen.push(options);
    return request;
  };
  return request;
}
