/**
 * The simulator of bench:markets in a worker thread of the bench's process: its own event loop, so the
 * market's work per request (it scans every listing and order of the market on each call) does not delay
 * the clients' requests between their rate-limit token and the wire, as a remote tm would not. Posts its
 * origin; closes on the message 'close'.
 */
import { parentPort } from 'node:worker_threads';

import { startTmSimulator } from '../src/testing/tm-simulator.ts';

const port = parentPort;
if (port === null) throw new Error('sim-worker.ts runs as a worker thread');
const sim = await startTmSimulator();
port.on('message', (message) => {
  if (message === 'close') void sim.close().then(() => port.close());
});
port.postMessage({ origin: sim.origin });
