import { loadBotConfig } from '../config.ts';
import { openPgliteDatabase, openPostgresDatabase } from '@toydesk/db';
import { consoleLogger, openStandalone } from '../standalone.ts';
import { TEST_ENV } from './bot-test-app.ts';
import { TEST_KINDS, TEST_LANE } from './test-kinds.ts';
import { hammerTm, type TmHammerPlan } from './tm-hammer.ts';

/**
 * A worker process for the kill test (worker-kill.test.ts): the real runtime with the test kinds, on the
 * database named by TOYDESK_TEST_WORKER_DB ("pglite:<folder>" or "postgres:<url>"). Prints READY when it
 * works; with TOYDESK_TEST_EXIT_WHEN_DONE=<job id> it prints FINISHED <state> and exits once that job is over.
 */
// Stopping is wired before anything else, with `on` rather than `once`: a SIGTERM that came before the
// listener, or a second one after a `once` listener had gone, used to end the worker by the signal itself
// (exit code null) instead of a clean close (dynamic-orders-kill.test.ts on PGlite, now and then).
let close: (() => Promise<void>) | null = null;
let stopping = false;
const stop = () => {
  if (stopping || !close) {
    stopping = true;
    return;
  }
  stopping = true;
  close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`close failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
// The test process holds stdin: when it is gone (killed test run), so is this worker.
process.stdin.on('end', stop);
process.stdin.resume();

const target = process.env.TOYDESK_TEST_WORKER_DB ?? '';
const db = target.startsWith('pglite:')
  ? await openPgliteDatabase(target.slice('pglite:'.length))
  : await openPostgresDatabase(target.slice('postgres:'.length), 4);
const config = loadBotConfig({
  ...TEST_ENV,
  // A test that points the worker at its simulators passes those settings as JSON.
  ...(JSON.parse(process.env.TOYDESK_TEST_WORKER_ENV ?? '{}') as Record<string, string>),
  TOYDESK_SECRET_KEY: process.env.TOYDESK_SECRET_KEY,
  TOYDESK_DATA_DIR: '/tmp/toydesk-bots-test-unused',
});
const standalone = await openStandalone(config, 'worker', consoleLogger('kill-test-worker'), {
  db,
  extraKinds: TEST_KINDS,
  extraLanes: [TEST_LANE],
});
const { runtime } = standalone;
close = standalone.close;
process.stdout.write('READY\n');
// Asked to stop while starting: stop now that there is something to close.
if (stopping) {
  stopping = false;
  stop();
}

const waitFor = process.env.TOYDESK_TEST_EXIT_WHEN_DONE;
if (waitFor) {
  const job = await runtime.queue.waitFor(waitFor, 60_000);
  process.stdout.write(`FINISHED ${job?.state ?? 'missing'}\n`);
  stop();
}

// The shared rate-limit test (market-rate-limit.test.ts): call tm with this process's limiter, then report.
const hammer = process.env.TOYDESK_TEST_TM_HAMMER;
if (hammer) {
  // Every process starts calling at once, when the test writes GO (they start up one after another).
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      if (!chunk.toString('utf8').includes('GO')) return;
      process.stdin.off('data', onData);
      resolve();
    };
    process.stdin.on('data', onData);
  });
  const result = await hammerTm(runtime.markets, runtime.db, JSON.parse(hammer) as TmHammerPlan);
  process.stdout.write(`HAMMERED ${JSON.stringify(result)}\n`);
}
