import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App, startApp } from './app/app';
import { startCommonData } from './app/early-common-data';
import { claimChunkReload } from './lib/chunk-reload';
import { savedLanguageReady } from './lib/i18n';

// Vite reports a chunk it could not preload here; the guard allows one reload per path per 10 s.
window.addEventListener('vite:preloadError', (event) => {
  if (claimChunkReload(window.location.pathname)) {
    event.preventDefault();
    window.location.reload();
  }
});

// The common data is the first thing every screen waits for: ask for it before React mounts.
startCommonData();

function mount() {
  const container = document.getElementById('root');
  try {
    if (!container) throw new Error('#root is missing from index.html');
    // The router and the route's page module and first data query, before React's first render.
    const start = startApp();
    createRoot(container, {
      onUncaughtError: (error) => console.error('[app] uncaught error', error),
    }).render(
      <StrictMode>
        <App start={start} />
      </StrictMode>,
    );
  } catch (error) {
    // Spec section 2: a mount failure is only logged.
    console.error('[app] mount failed', error);
  }
}

// English chosen on an earlier visit: mount once its texts are there (they load beside the common data).
if (savedLanguageReady) void savedLanguageReady.then(mount);
else mount();
