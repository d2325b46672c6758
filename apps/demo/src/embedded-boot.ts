import { registerBotServices } from '@toydesk/bots';
import type { AppMount, BootOptions } from '@toydesk/server';

import { type ClosingResponse, DEMO_TRADING_IDLE_MAX_SECONDS } from './demo-world-pause.ts';
import { startDemo, type RunningDemo } from './start-demo.ts';

/** The bot services (/api-node/) inside the server's process; they decide from their config whether to run. */
export const mountBotServices: AppMount = async (app, services) => {
  await registerBotServices(app, services);
};

/**
 * What `npm start` adds to the server's boot: the bot services and their workers (the embedded default,
 * TOYDESK_BOTS_EMBEDDED) and, when the config's demo mode is on, the demo (start-demo.ts), whose simulated
 * Steam the bots reach through TOYDESK_STEAM_URL. Tests and the console's bench boot the same way; `demo()`
 * is the running demo once booted.
 */
export function embeddedBoot(): Required<Pick<BootOptions, 'prepare' | 'mounts'>> & {
  demo(): RunningDemo | undefined;
} {
  let demo: RunningDemo | undefined;
  // The bot services read their settings from the environment they are handed: the demo's Steam joins it.
  const mountWithDemo: AppMount = (app, services) => {
    // Every HTTP request of the server, whatever its route or plugin: an operator's resumes the demo world.
    if (demo?.worldPause) {
      const worldPause = demo.worldPause;
      app.server.on('request', (request: { url?: string }, response: ClosingResponse) =>
        worldPause.onRequest(request.url, response),
      );
    }
    const env = {
      ...services.config.env,
      TOYDESK_STEAM_URL: demo?.steamUrl ?? services.config.env.TOYDESK_STEAM_URL,
      // A world that pauses lets its loops back off further (demo-world-pause.ts says why).
      TOYDESK_TRADING_IDLE_MAX_SECONDS:
        services.config.env.TOYDESK_TRADING_IDLE_MAX_SECONDS ??
        (demo?.worldPause ? String(DEMO_TRADING_IDLE_MAX_SECONDS) : undefined),
    };
    return mountBotServices(app, { ...services, config: { ...services.config, env } });
  };
  return {
    prepare: async (services, log) => {
      if (!services.config.demo) return;
      demo = await startDemo(services, log);
      return demo;
    },
    mounts: [mountWithDemo],
    demo: () => demo,
  };
}
