export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface StopOnSignalsOptions {
  /** Closes everything (the HTTP server, the bots, the database); resolves when it is safe to exit. */
  close: () => Promise<void>;
  log: (line: string) => void;
  /** Default `process.exit`; tests pass their own. */
  exit?: (code: number) => void;
  /** Default `process`; tests pass an emitter. */
  target?: Pick<NodeJS.Process, 'on'>;
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
}: StopOnSignalsOptions): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    target.on(signal, () => {
      if (stopping) {
        log(`${signal}: still stopping (closing the database safely), please wait`);
        return;
      }
      stopping = true;
      log(`${signal}: stopping`);
      close().then(
        () => exit(0),
        (error: unknown) => {
          log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
          exit(1);
        },
      );
    });
  }
}
