import { fileURLToPath } from 'node:url';

import { defineConfig, loadEnv, type Plugin } from 'vite';

import { precompressPlugin } from './scripts/precompress-plugin.ts';
import { EARLY_REQUEST_PLAN } from './src/app/early-request-plan.ts';
import { earlyRequestScript } from './src/lib/early-requests.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));

/** Writes the build id into index.html, where the new-version check of a running console reads it. */
function buildIdPlugin(buildId: string): Plugin {
  return {
    name: 'toydesk-build-id',
    transformIndexHtml: (html) => html.replace('%TOYDESK_BUILD_ID%', buildId),
  };
}

/**
 * The inline start-up script (src/lib/early-requests.ts) at the end of <head>: the common data and the
 * first screen's list are asked for while the console's scripts load.
 */
function earlyRequestsPlugin(apiBase: string, publicBase: string): Plugin {
  return {
    name: 'toydesk-early-requests',
    transformIndexHtml: () => [
      {
        tag: 'script',
        children: earlyRequestScript(EARLY_REQUEST_PLAN, apiBase, publicBase),
        injectTo: 'head',
      },
    ],
  };
}

const VENDOR_CHUNKS: Array<[name: string, pattern: RegExp]> = [
  ['react', /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
  ['mui', /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group|@babel)[\\/]/],
  ['vendor', /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|zod|big\.js)[\\/]/],
];

/** The local server the dev server forwards API calls to (`npm start` listens on 8080). */
const devBackend = process.env.TOYDESK_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command, mode }) => {
  // Every build gets an id; the new-version check compares the running one with the served index.html.
  // The dev server is 'dev', which the check leaves alone.
  const buildId = command === 'build' ? (process.env.VITE_BUILD_ID ?? Date.now().toString(36)) : 'dev';
  const base = process.env.VITE_PUBLIC_BASE ?? '/';
  return {
    root,
    base,
    envPrefix: 'VITE_',
    esbuild: { jsx: 'automatic' },
    resolve: { alias: { '@': src } },
    define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
    plugins: [
      buildIdPlugin(buildId),
      earlyRequestsPlugin(loadEnv(mode, root, 'VITE_').VITE_API_BASE_URL ?? '', base),
      precompressPlugin(),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      rollupOptions: {
        onwarn(warning, warn) {
          // MUI marks its modules "use client" for React Server Components; a client bundle ignores that.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /use client/.test(warning.message)) return;
          // Comments in dependencies that Rollup drops (zod's annotations): nothing to act on.
          if (warning.code === 'INVALID_ANNOTATION' && /node_modules/.test(warning.id ?? '')) return;
          warn(warning);
        },
        output: {
          // Long-lived vendor chunks of what the first screen needs: a release that changes only screens
          // keeps them cached. Any other library (the charts) stays with the lazy chunks that use it.
          manualChunks: (id) => VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0],
        },
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': devBackend, '/api-node': devBackend, '/admin': devBackend },
    },
  };
});
