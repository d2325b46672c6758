export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface StopOnSignalsOptions {
  /** Closes everything (the HTTP server, the bots, the database); resolves when it is safe to exit. */
  close: () => Promise<void>;
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

/**
 * Stops the process once on SIGINT or SIGTERM, and never again while it is stopping. A second signal used to
 * kill the process in the middle of its close: Ctrl+C reaches both `tsx` and its child, and `tsx` forwards
 * it again, so one key press is two signals. Killed during its shutdown checkpoint, the embedded PGlite
 * database could not start any more ("could not locate a valid checkpoint record"), with every record in it.
 */
export function stopOnSignals({
  close,
  log,
  exit = (code) => process.exit(code),
  target = process,
  stdin,
}: StopOnSignalsOptions): void {
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) {
      log(`${reason}: still stopping (closing the database safely), please wait`);
      return;
    }
    stopping = true;
    log(`${reason}: stopping`);
    close().then(
      () => exit(0),
      (error: unknown) => {
        log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) target.on(signal, () => stop(signal));
  if (stdin) {
    stdin.on('end', () => stop('stdin closed'));
    // Reading is what lets 'end' arrive; nothing is ever written to it.
    stdin.resume();
  }
}
