import { boundHeapGrowth } from '@toydesk/api-kit';
import { loadConfig, serve } from '@toydesk/server';

import { embeddedBoot } from './embedded-boot.ts';

// `npm start`: toydesk in one process (the API server, the bot services and their workers, and in demo
// mode the demo data and simulators); `npm run start:server` runs the API server alone.
boundHeapGrowth();
const config = loadConfig();
await serve(config, { ...embeddedBoot(), demo: config.demo });
