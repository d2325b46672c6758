/**
 * A client of a simulator's control API (`<base>/_control/...`, JSON), over plain fetch: it is tooling, not a
 * marketplace or Steam call. It lives here, beside SteamSimulatorGateway, because production code calls it
 * too (the bots' sign-up inbox reads the simulated Steam's mailbox) and production code never imports
 * `@toydesk/simulators`; the simulators' own control clients (kit markets, Steam) add their calls on top.
 */
export class SimulatorControlClient {
  /** `base` is the simulator's root including its prefix; `label` names it in errors. */
  constructor(
    readonly base: string,
    private readonly label: string,
  ) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/_control/${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${this.label} ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }
}
