import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { AppProviders } from '@/app/providers';
import { useCommonData } from '@/lib/common-data';
import { createQueryClient } from '@/lib/query';
import { request, setBotToken } from '@/lib/request';
import { jsonResponse } from '@/test/fixtures';

import { CommonDataGate } from './common-data-gate';
import { startCommonData } from './early-common-data';

function Operator() {
  return <p>operator {useCommonData().operator.username}</p>;
}

/** The back end's answer to GET /api/frontend/common for the operator `username` (empty lists). */
function commonReply(username: string, { success = true, botToken = 't' } = {}): Response {
  return jsonResponse({
    success,
    data: {
      markets: [],
      steamAccounts: [],
      tags: [],
      bot_token: botToken,
      demo: false,
      operator: { id: 1, username },
    },
  });
}

function renderGate(children: ReactNode = <Operator />) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <CommonDataGate>{children}</CommonDataGate>
    </AppProviders>,
  );
}

describe('common-data gate (spec sections 1 and 7)', () => {
  it('renders nothing until the common data has answered, then the app', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = renderGate();
    expect(container.textContent).toBe('');
    answer(commonReply('alice'));
    expect(await screen.findByText('operator alice')).toBeTruthy();
  });

  it('sends the browser to the back end login page, coming back to the current path', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse({ detail: 'no' }, 401));
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      pathname: '/tags',
      search: '?a=1',
      hash: '',
      assign,
      origin: window.location.origin,
      host: window.location.host,
      href: window.location.href,
    });
    const { container } = renderGate();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`${window.location.origin}/admin/login/?next=%2Ftags%3Fa%3D1`),
    );
    expect(container.textContent).toBe('');
  });
  it('treats a 200 without success as a failed gate: the login page, not the app', async () => {
    vi.stubGlobal('fetch', async () => commonReply('mallory', { success: false }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/tags', search: '', hash: '', assign });
    const { container } = renderGate();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign.mock.calls[0]![0]).toContain('/admin/login/?next=%2Ftags');
    expect(container.textContent).toBe('');
  });

  it('sets the bot token before the children mount, so their first bot call carries it', async () => {
    setBotToken(null);
    const headers: (string | null)[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.includes('/api-node/')) {
        headers.push(new Headers(init.headers).get('X-App-Token'));
        return jsonResponse({ results: [] });
      }
      return commonReply('alice', { botToken: 'bot-secret' });
    });
    function BotReader() {
      useEffect(() => void request('/api-node/trading/'), []);
      return <p>reader</p>;
    }
    renderGate(<BotReader />);
    await waitFor(() => expect(headers).toHaveLength(1));
    expect(headers[0]).toBe('bot-secret');
  });
  it('uses the request started before React mounted, once; a later mount asks again', async () => {
    const urls: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string) => {
      urls.push(url);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    startCommonData();
    startCommonData();
    expect(urls).toHaveLength(1);
    renderGate();
    answer(commonReply('early'));
    expect(await screen.findByText('operator early')).toBeTruthy();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/api/frontend/common');
    cleanup();
    renderGate();
    await waitFor(() => expect(urls).toHaveLength(2));
  });
});
