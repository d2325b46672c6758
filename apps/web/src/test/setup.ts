import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { loadUiLang, setUiLang } from '@/lib/i18n';
import { notifications } from '@/lib/notifications';
import { setBotToken } from '@/lib/request';

// jsdom lays nothing out: give elements a size so the virtualised tables render rows.
for (const [name, size] of [
  ['offsetHeight', 600],
  ['offsetWidth', 1200],
  ['clientHeight', 600],
  ['clientWidth', 1200],
] as const) {
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => size });
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = () => undefined;
// A findBy waits 1 s by default; a screen's first render (MUI, lazy chunks) passed that on CI's two loaded
// cores (seen: the Steam accounts' row menu, the market orders). Waiting longer costs nothing when it passes.
configure({ asyncUtilTimeout: 5000 });
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(async () => {
  // English is a chunk loaded on first use in the browser; the tests read it from the start.
  await loadUiLang('en');
  await setUiLang('ru');
  // The wrapper reports every failure on the console; the tests that care spy on it themselves.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  notifications.clear();
  setBotToken(null);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
