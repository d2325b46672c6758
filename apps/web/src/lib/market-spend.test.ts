import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/test/fixtures';

import { spendCall, spendStateOf } from './market-spend';

const buy = {
  market: 'tm' as const,
  accountId: 7,
  path: 'api/v2/buy',
  query: { hash_name: 'X', price: 100 },
};

describe('spending calls through the proxy', () => {
  it('reads the state from the proxy’s answer, and from a marketplace answer passed through', () => {
    const failed = (status: number, errors: unknown) => ({
      success: false,
      data: null,
      status,
      error: 'x',
      errors,
    });
    expect(
      spendStateOf({
        success: true,
        data: { success: true, id: '1' },
        status: 200,
        error: null,
        errors: null,
      }),
    ).toBe('done');
    expect(
      spendStateOf({
        success: true,
        data: { success: false, error: 'no money' },
        status: 200,
        error: null,
        errors: null,
      }),
    ).toBe('not_done');
    expect(spendStateOf(failed(409, { spend_state: 'not_done', custom_id: 'a' }))).toBe('not_done');
    expect(spendStateOf(failed(502, { spend_state: 'unknown', custom_id: 'a' }))).toBe('unknown');
    expect(spendStateOf(failed(200, { spend_state: 'done' }))).toBe('done');
    // No answer at all, or a 5xx without a state: money may be gone.
    expect(spendStateOf(failed(0, null))).toBe('unknown');
    expect(spendStateOf(failed(500, { detail: 'boom' }))).toBe('unknown');
    expect(spendStateOf(failed(400, { price: ['bad'] }))).toBe('not_done');
  });

  it('sends a custom_id and offers only the retry with the same one', async () => {
    const answers = [
      jsonResponse({ detail: 'unknown', spend_state: 'unknown', custom_id: 'ignored' }, 502),
      jsonResponse({ success: true, id: '42' }),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const first = await spendCall(buy);
    expect(first.state).toBe('unknown');
    expect(first.detail).toBe('unknown');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const firstUrl = new URL(String((fetchMock.mock.calls[0] as unknown as [string])[0]));
    expect(firstUrl.searchParams.get('custom_id')).toBe(first.customId);
    expect(first.retry).not.toBeNull();

    const second = await first.retry!();
    const secondUrl = new URL(String((fetchMock.mock.calls[1] as unknown as [string])[0]));
    expect(secondUrl.searchParams.get('custom_id')).toBe(first.customId);
    expect(second).toMatchObject({ state: 'done', customId: first.customId, retry: null });
  });
});
