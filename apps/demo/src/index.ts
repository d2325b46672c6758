// For the tests and benches that boot toydesk as `npm start` does (apps/web/bench).
export { embeddedBoot, mountBotServices } from './embedded-boot.ts';
export { startDemo, type RunningDemo } from './start-demo.ts';
