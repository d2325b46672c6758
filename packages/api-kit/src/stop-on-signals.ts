export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface StopOnSignalsOptions {
  log: (line: string) => void;
  /** Default `process.exit`; tests pass their own. */
  exit?: (code: number) => void;
  /** Default `process`; tests pass an emitter. */
  target?: Pick<NodeJS.Process, 'on'>;
  /**
   * Also stop when this stream ends: a parent that holds the process's stdin (the browser tests' server) is
   * gone, whether it stopped or was killed, and a server it started must not run on without it.
   */
  stdin?: NodeJS.ReadableStream;
}

export interface ProcessStopper {
  /**
   * The process has started: `close` closes everything it opened (the HTTP server, the bots, the database)
   * and resolves when it is safe to exit. A stop asked for during the start runs now.
   */
  started(close: () => Promise<void>): void;
}

/**
 * Stops the process once on SIGINT or SIGTERM, and never again while it is stopping. Installed before the
 * process starts anything: a signal during the start (migrations, the vault, the job queue's schema) waits
 * for the start to finish and then closes, instead of killing the process halfway through its first writes.
 * A second signal used to kill the process in the middle of its close: Ctrl+C reaches both `tsx` and its
 * child, and `tsx` forwards it again, so one key press is two signals. Killed during its shutdown
 * checkpoint, the embedded PGlite database could not start any more ("could not locate a valid checkpoint
 * record"), with every record in it.
 */
export function stopOnSignals({
  log,
  exit = (code) => process.exit(code),
  target = process,
  stdin,
}: StopOnSignalsOptions): ProcessStopper {
  let close: (() => Promise<void>) | null = null;
  let asked: string | null = null;
  let stopping = false;
  const runClose = (reason: string, closeAll: () => Promise<void>) => {
    stopping = true;
    log(`${reason}: stopping`);
    closeAll().then(
      () => exit(0),
      (error: unknown) => {
        log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  const stop = (reason: string) => {
    if (stopping || asked !== null) {
      log(`${reason}: still stopping (closing the database safely), please wait`);
      return;
    }
    if (close) {
      runClose(reason, close);
      return;
    }
    asked = reason;
    log(`${reason} during the start: stopping once started`);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) target.on(signal, () => stop(signal));
  if (stdin) {
    stdin.on('end', () => stop('stdin closed'));
    // Reading is what lets 'end' arrive; nothing is ever written to it.
    stdin.resume();
  }
  return {
    started(closeAll) {
      close = closeAll;
      if (asked !== null) runClose(asked, closeAll);
    },
  };
}
