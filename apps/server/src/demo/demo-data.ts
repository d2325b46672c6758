import type { Services } from '../services.ts';

/** Placeholder until the demo data generator lands (being written now). */
export async function loadDemoDataIfEmpty(
  _services: Services,
  _log: (line: string) => void,
): Promise<boolean> {
  return false;
}
