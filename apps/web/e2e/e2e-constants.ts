import { fileURLToPath } from 'node:url';

/** Debian's Chromium (`apt-get install chromium`); playwright-core never downloads a browser of its own. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, no sandbox (root in CI), and nothing that would reach outside the machine. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The operator the e2e server is booted with (global-setup.ts). */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-console-password' };

/** Where every screenshot goes; kept as a test artifact. */
export const SCREENSHOTS_DIR = fileURLToPath(
  new URL('../../../test-artifacts/screenshots/', import.meta.url),
);
