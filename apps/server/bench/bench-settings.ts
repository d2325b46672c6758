import os from 'node:os';

/** What the environment asks of one run of bench:api. */
export interface BenchSettings {
  /** Multiplies every row count (1 = the sizes). */
  scale: number;
  databases: ('postgres' | 'pglite')[];
  /** The server PostgreSQL runs on; a fresh database is created on it and dropped at the end. */
  pgAdminUrl: string;
  /** Keep PGlite in memory instead of a temporary folder (the server's default is a folder). */
  pgliteInMemory: boolean;
  /** How long the list-page load test and the driver loop each run. */
  durationMs: number;
  concurrency: number;
  /** Runs of each single-request figure; the median is reported. */
  runs: number;
  counts: { toys: number; steamAccounts: number; marketAccounts: number; history: number };
}

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${text}"`);
  return value;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const scale = positiveNumber('BENCH_SCALE', env.BENCH_SCALE, 1);
  const which = env.BENCH_DB ?? 'both';
  if (!['postgres', 'pglite', 'both'].includes(which))
    throw new Error(`BENCH_DB must be postgres, pglite or both, got "${which}"`);
  const steamAccounts = Math.max(1, Math.round(5_000 * scale));
  // 10 s at full scale; small scales run shorter, never under 2 s.
  const seconds = positiveNumber(
    'BENCH_DURATION_S',
    env.BENCH_DURATION_S,
    Math.max(2, Math.min(10, 10 * scale)),
  );
  return {
    scale,
    databases: which === 'both' ? ['postgres', 'pglite'] : [which as 'postgres' | 'pglite'],
    pgAdminUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    pgliteInMemory: env.BENCH_PGLITE === 'memory',
    durationMs: Math.round(seconds * 1000),
    concurrency: 20,
    runs: 5,
    counts: {
      toys: Math.max(1, Math.round(50_000 * scale)),
      steamAccounts,
      marketAccounts: steamAccounts * 2,
      history: Math.max(1, Math.round(1_000_000 * scale)),
    },
  };
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: os.totalmem() / 1024 ** 3,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
