import { boundHeapGrowth } from '@toydesk/api-kit';

import { loadConfig } from './config.ts';
import { serve } from './serve.ts';

// The API server alone (`npm run start:server`): no demo data, simulators or bot services; `npm start`
// (apps/demo/src/main.ts) runs them all in one process.
boundHeapGrowth();
const config = loadConfig();
if (config.demo) {
  process.stdout.write(
    '[toydesk] TOYDESK_DEMO: demo data and simulators come with `npm start` (apps/demo)\n',
  );
}
await serve(config);
