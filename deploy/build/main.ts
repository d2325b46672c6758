import { build, ensureBuilt } from './ensure-build.ts';
import { ENTRY_POINTS } from './layout.ts';

// `npm run build` (always) and `npm start` (`--if-stale`: only when dist/ is missing or older than its sources).
const ifStale = process.argv.includes('--if-stale');
const log = (line: string) => process.stdout.write(`${line}\n`);
try {
  let built = true;
  if (ifStale) built = await ensureBuilt({ log, consoleOptional: true });
  else await build({ log });
  const bundles = Object.keys(ENTRY_POINTS).map((name) => `${name}.js`);
  if (built) log(`[toydesk] built dist/: ${bundles.join(', ')}; the console in dist/web`);
} catch (error) {
  process.stderr.write(`[toydesk] build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
