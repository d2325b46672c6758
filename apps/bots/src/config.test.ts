import { describe, expect, it } from 'vitest';

import { DEFAULT_PROXY_CHECK_URL, loadBotConfig, withDemoProxyCheck } from './config.ts';

const SIM = 'http://127.0.0.1:40123';

describe('the proxy health check URL', () => {
  it('defaults to the real Steam outside demo mode', () => {
    const config = loadBotConfig({});
    expect(config.proxyCheck).toMatchObject({ url: DEFAULT_PROXY_CHECK_URL, urlConfigured: false });
    expect(withDemoProxyCheck(config, false, SIM).proxyCheck.url).toBe(DEFAULT_PROXY_CHECK_URL);
  });

  it("is the simulators' robots.txt in demo mode, so a check never leaves the machine", () => {
    const config = withDemoProxyCheck(loadBotConfig({}), true, `${SIM}/`);
    expect(config.proxyCheck.url).toBe(`${SIM}/robots.txt`);
    // Only the URL changes.
    expect(config.proxyCheck.timeoutMs).toBe(10_000);
  });

  it('keeps a TOYDESK_PROXY_CHECK_URL set explicitly, in demo mode too (an empty value is unset)', () => {
    const explicit = loadBotConfig({ TOYDESK_PROXY_CHECK_URL: 'http://127.0.0.1:9/ok' });
    expect(explicit.proxyCheck).toMatchObject({ url: 'http://127.0.0.1:9/ok', urlConfigured: true });
    expect(withDemoProxyCheck(explicit, true, SIM).proxyCheck.url).toBe('http://127.0.0.1:9/ok');
    const empty = loadBotConfig({ TOYDESK_PROXY_CHECK_URL: '' });
    expect(withDemoProxyCheck(empty, true, SIM).proxyCheck.url).toBe(`${SIM}/robots.txt`);
  });

  it('refuses demo mode without a simulator rather than fall back to the real Steam', () => {
    expect(() => withDemoProxyCheck(loadBotConfig({}), true, undefined)).toThrow(/needs the simulators/);
  });
});
