import { fileURLToPath } from 'node:url';

import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';

import { mdiIconsPlugin } from './scripts/mdi-icons-plugin.ts';
import { precompressPlugin } from './scripts/precompress-plugin.ts';
import { EARLY_PAGE_MODULES, EARLY_REQUEST_PLAN } from './src/app/early-request-plan.ts';
import { earlyRequestScript, type EarlyModules } from './src/lib/early-requests.ts';

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
 * The built files of each early path's page: its chunk and, transitively, the chunks it imports, less those
 * the entry loads anyway (index.html preloads them already).
 */
function earlyModules(bundle: Rollup.OutputBundle, publicBase: string): EarlyModules {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, into = new Set<string>()): Set<string> => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = entry ? closure(entry.fileName) : new Set<string>();
  const prefix = publicBase.endsWith('/') ? publicBase : `${publicBase}/`;
  const out: Record<string, string[]> = {};
  for (const [path, page] of Object.entries(EARLY_PAGE_MODULES)) {
    const file = `/src/app/routes/${page}.tsx`;
    // A page chunk whose modules other lazy chunks also import (its dialogs) has no facade module: look
    // for the chunk that holds the page module then.
    const chunk =
      chunks.find((item) => item.facadeModuleId?.endsWith(file)) ??
      chunks.find((item) => item.moduleIds.some((id) => id.endsWith(file)));
    if (!chunk) throw new Error(`early-request plan: no chunk for the page module ${page}`);
    out[path] = [...closure(chunk.fileName)].filter((file) => !loaded.has(file)).map((file) => prefix + file);
  }
  return out;
}

/**
 * The inline start-up script (src/lib/early-requests.ts) at the end of <head>: the common data and the
 * first screen's list are asked for, and the first screen's chunks preloaded, while the console's scripts
 * load.
 */
function earlyRequestsPlugin(apiBase: string, publicBase: string): Plugin {
  return {
    name: 'toydesk-early-requests',
    transformIndexHtml: (_html, context) => [
      {
        tag: 'script',
        children: earlyRequestScript(
          EARLY_REQUEST_PLAN,
          apiBase,
          publicBase,
          context.bundle ? earlyModules(context.bundle, publicBase) : {},
        ),
        injectTo: 'head',
      },
    ],
  };
}

const VENDOR_CHUNKS: Array<[name: string, pattern: RegExp]> = [
  ['react', /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
  // MUI and emotion are not one chunk of their own: such a chunk held every MUI component any lazy screen
  // uses, all loaded with the first screen. Left to Rollup, the first screen takes only the ones it uses
  // (bench:web's first-screen JS target, 350 KB gzip; issue 12 took it to 356 KB with one MUI chunk).
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
      mdiIconsPlugin(),
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
