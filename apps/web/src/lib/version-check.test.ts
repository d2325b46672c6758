import { describe, expect, it, vi } from 'vitest';

import { readBuildId, startVersionCheck, VERSION_CHECK_INTERVAL_MS } from './version-check';

describe('new-version check (spec section 9)', () => {
  it('reads the build id of an index.html', () => {
    expect(readBuildId('<head><meta name="toydesk-build" content="abc123" /></head>')).toBe('abc123');
    expect(readBuildId('<head></head>')).toBeNull();
  });

  it('asks every hour and reports a different build', async () => {
    vi.useFakeTimers();
    try {
      expect(VERSION_CHECK_INTERVAL_MS).toBe(3_600_000);
      const served = vi
        .fn<() => Promise<string | null>>()
        .mockResolvedValueOnce('v1')
        .mockResolvedValueOnce('v2');
      const onNewVersion = vi.fn();
      const stop = startVersionCheck({ current: 'v1', onNewVersion, fetchBuildId: served });
      await vi.advanceTimersByTimeAsync(3_599_999);
      expect(served).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(onNewVersion).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(onNewVersion).toHaveBeenCalledWith('v2');
      stop();
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(served).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not check a dev build', () => {
    const fetchBuildId = vi.fn();
    startVersionCheck({ current: 'dev', onNewVersion: vi.fn(), fetchBuildId, intervalMs: 1 })();
    expect(fetchBuildId).not.toHaveBeenCalled();
  });
});
