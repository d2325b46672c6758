import type { BotJob } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { jobInputPlace } from '../../jobs/sealer.ts';
import { RELAXED_STEAM_LOGIN, storeGuardedSteamAccount } from '../../testing/steam-sim-accounts.ts';
import { useSimApp } from '../../testing/use-sim-app.ts';

/**
 * A site's login cookies are a credential: the call that asked for them gets them, and nothing else does
 * (the stored job, the jobs API, which anyone with the app token pages through for days).
 */
describe('Steam cookies in job results', () => {
  const bed = useSimApp({ steam: RELAXED_STEAM_LOGIN });

  it('are answered to the waiting call, sealed at rest and never shown by the jobs API', async () => {
    const created = await bed.steam.createAccount({ twoFactor: true, accountName: `cookies${process.pid}` });
    const id = await storeGuardedSteamAccount(bed.app.runtime, created);
    const asked = await bed.app.request<BotJob>('GET', '/api-node/steam/get-cookie-other-site/', {
      query: { id: String(id), domain: 'steamcommunity.com', wait: '60' },
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.text).toContain('steamLoginSecure');

    const [stored] = await bed.app.runtime.db.query<{ output: unknown }>(
      'SELECT output FROM pgboss.job WHERE id = $1',
      [asked.body.id],
    );
    expect(JSON.stringify(stored!.output)).not.toContain('steamLoginSecure');

    const one = await bed.app.request<BotJob>('GET', `/api-node/jobs/${asked.body.id}/`);
    expect(one.body.result).toEqual({ sealed: true });
    const page = await bed.app.request('GET', '/api-node/jobs/', {
      query: { kind: 'steam.cookie-other-site' },
    });
    expect(page.text).toContain(asked.body.id);
    expect(page.text).not.toContain('steamLoginSecure');
  });

  it("shows a job's sealed parameters masked (the maFile import's data, v2 and v1)", async () => {
    const { vault } = bed.app.runtime;
    const plain = '{"shared_secret":"abc"}';
    for (const sealed of [
      vault.seal(plain, jobInputPlace('signup.import-mafile', 999_999)),
      vault.encrypt(plain),
    ]) {
      const job = await bed.app.runtime.queue.enqueue('signup.import-mafile', {
        account: 999_999,
        input: { data_sealed: sealed },
      });
      const shown = await bed.app.request('GET', `/api-node/jobs/${job!.id}/`);
      expect(shown.text).not.toContain(sealed);
      expect((shown.body as BotJob).params).toMatchObject({ input: { data_sealed: '••••' } });
    }
  });
});
