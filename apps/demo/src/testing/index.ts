// For the benches that measure toydesk as `npm start` runs it (apps/web/bench).
export { startBenchServer, type BenchServer, type BenchServerOptions } from './bench-server.ts';
export { machineInfo } from '@toydesk/server/testing';
