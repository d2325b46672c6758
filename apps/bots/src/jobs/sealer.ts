import type { VaultPlace } from '@toydesk/db';

/**
 * Encrypts and decrypts the results of job kinds with sealResult (the vault). Its own module because both the
 * queue (sealing a result) and the store (opening it for the jobs API) use it, and neither imports the other.
 */
export interface Sealer {
  /** Seals the result of job `jobId`, bound to that job: another job's row cannot show it. */
  seal(plain: string, jobId: string): string;
  open(sealed: string, jobId: string): string;
}

/** Where a sealed job result lives: pg-boss's job row, its output. */
export const jobResultPlace = (jobId: string): VaultPlace => ({
  table: 'pgboss.job',
  column: 'output',
  id: jobId,
});

/**
 * Where a job's sealed input lives. It is sealed before the job exists (no job id yet), so it is bound to
 * the kind and the account the job works on: the input cannot be replayed into a job for another account.
 */
export const jobInputPlace = (kind: string, account: number): VaultPlace => ({
  table: 'pgboss.job',
  column: 'data',
  id: `${kind}/${String(account)}`,
});
