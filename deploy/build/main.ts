import { build, ensureBuilt } from './ensure-build.ts';

// `npm run build` (always) and `npm start` (`--if-stale`: only when dist/ is missing or older than its sources).
const ifStale = process.argv.includes('--if-stale');
const log = (line: string) => process.stdout.write(`${line}\n`);
try {
  if (ifStale) await ensureBuilt({ log, consoleOptional: true });
  else await build({ log });
} catch (error) {
  process.stderr.write(`[toydesk] build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
