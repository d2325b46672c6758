import { screen } from '@testing-library/react';
import type { ProxyCheckResult } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { botJob } from '@/test/bot-job';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { ProxyCheck } from './proxy-check';

const check = (result: Partial<ProxyCheckResult>) => {
  const job = botJob('c1', {
    kind: 'proxy.check',
    state: 'done',
    result: { proxy: 7, status: 'down', latency_ms: null, http_status: null, error: 'x', ...result },
  });
  stubApi(({ url }) => (url.includes('/api-node/jobs/c1/') ? jsonResponse(job) : undefined));
  renderWithProviders(<ProxyCheck job={job} onFinish={() => undefined} />);
};

describe('ProxyCheck', () => {
  it('says why a proxy is down, in the interface language', async () => {
    check({ reason: 'refused', error: 'connect ECONNREFUSED 127.0.0.1:9' });
    expect((await screen.findByTestId('proxy-check-reason')).textContent).toBe('Соединение отклонено');
    expect(document.body.textContent).not.toContain('ECONNREFUSED');
  });

  it("names the proxy's HTTP status", async () => {
    check({ reason: 'http_status', http_status: 502 });
    expect((await screen.findByTestId('proxy-check-reason')).textContent).toBe('Прокси ответил HTTP 502');
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      check({ reason: 'auth', http_status: 407 });
      expect((await screen.findByTestId('proxy-check-reason')).textContent).toBe(
        'Wrong login or password (407)',
      );
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('shows a working proxy with its latency', async () => {
    check({ status: 'up', latency_ms: 42, http_status: 200, error: null, reason: null });
    expect((await screen.findByTestId('proxy-check-up')).textContent).toBe('Работает, 42 мс');
  });
});
