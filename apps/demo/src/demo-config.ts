import { envPort, parseEnv } from '@toydesk/api-kit';
import { z } from 'zod';

/** The launcher's own variables (the server's and the bot services' are theirs); checked at the demo start. */
const envSchema = z.object({
  /** The marketplace simulators' port in demo mode (0: any free port). */
  TOYDESK_SIM_PORT: envPort(0),
  /** Set: the bots use that simulated Steam and the demo starts none of its own. */
  TOYDESK_STEAM_URL: z.url().optional(),
  /** With no operator request for this long the simulated world pauses (demo-world-pause.ts); 0: never. */
  TOYDESK_DEMO_IDLE_PAUSE_SECONDS: z.coerce.number().int().min(0).default(300),
});

export interface DemoConfig {
  simPort: number;
  steamUrl?: string;
  idlePauseSeconds: number;
}

export function loadDemoConfig(env: Record<string, string | undefined>): DemoConfig {
  const e = parseEnv(envSchema, env);
  return {
    simPort: e.TOYDESK_SIM_PORT,
    steamUrl: e.TOYDESK_STEAM_URL,
    idlePauseSeconds: e.TOYDESK_DEMO_IDLE_PAUSE_SECONDS,
  };
}
