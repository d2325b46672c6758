// The server's test helpers, for the tests of a workspace that runs the server (apps/demo); the test
// database itself is @toydesk/db/testing.
export { answerBeforeBody } from './answer-before-body.ts';
export { rawGet } from './raw-get.ts';
export { MAX_FAILURES_PER_ACCOUNT } from '../auth/login-limiter.ts';
export { recordConnections, type ConnectionRecorder } from './connection-recorder.ts';
export { startTestApp, TEST_ADMIN, type TestApp } from './test-app.ts';
// The bench database, its seed and the machine's description, for the console's bench (through apps/demo).
export {
  openPgliteBench,
  openPostgresBench,
  serverVersion,
  type BenchDatabase,
} from '../../bench/bench-database.ts';
export { machineInfo, type MachineInfo } from '../../bench/bench-settings.ts';
export { seedBenchData, type SeedCounts } from '../../bench/seed-data.ts';
