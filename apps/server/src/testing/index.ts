// The server's test helpers, for the tests of a workspace that runs the server (apps/demo); the test
// database itself is @toydesk/db/testing.
export { recordConnections, type ConnectionRecorder } from './connection-recorder.ts';
export { startTestApp, TEST_ADMIN, type TestApp } from './test-app.ts';
