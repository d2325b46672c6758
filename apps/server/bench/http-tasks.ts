import type { CountedBody, CountMode } from './json-row-counter.ts';

/** Messages between the benchmark and its HTTP client thread (http-worker.ts). */
export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path and query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** `concurrency` clients, each sending the request again as soon as the previous answer has been read. */
export interface LoadTask {
  kind: 'load';
  baseUrl: string;
  request: RequestSpec;
  concurrency: number;
  durationMs: number;
}

export interface LoadResult {
  /** Answers with status 200 completed within the run. */
  requests: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  latenciesMs: number[];
}

/** One request whose body is counted as it streams (never held whole). */
export interface FetchTask {
  kind: 'fetch';
  baseUrl: string;
  request: RequestSpec;
  countMode: CountMode;
}

export interface FetchResult extends CountedBody {
  status: number;
  /** From sending the request to the last byte of the answer. */
  ms: number;
  /** To the first byte of the answer's body. */
  firstByteMs: number;
}

export type WorkerTask = LoadTask | FetchTask;
export type WorkerMessage = { id: number; task: WorkerTask };
export type WorkerReply = { id: number; result?: LoadResult | FetchResult; error?: string };
