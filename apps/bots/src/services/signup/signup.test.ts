import type { BotJob } from '@toydesk/contract';
import { sealedPlace } from '@toydesk/db';
import { describe, expect, it } from 'vitest';

import { RELAXED_STEAM_LIMITS } from '../../testing/steam-sim-accounts.ts';
import { useSimApp } from '../../testing/use-sim-app.ts';

describe('sign-up and Steam services on the simulated Steam', () => {
  const bed = useSimApp({ steam: RELAXED_STEAM_LIMITS });
  let counter = 0;

  /** A Steam account in the simulator and the same one in our table. */
  async function newAccount(twoFactor = false) {
    counter += 1;
    const created = await bed.steam.createAccount({
      twoFactor,
      accountName: `signup${process.pid}x${counter}`,
    });
    const [row] = await bed.app.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password, phone, shared_secret, identity_secret)
       VALUES ($1, $1, $2, '+79161234567', $3, $4) RETURNING id`,
      [
        created.accountName,
        bed.app.runtime.vault.encrypt(created.password),
        created.sharedSecret ? bed.app.runtime.vault.encrypt(created.sharedSecret) : null,
        created.identitySecret ? bed.app.runtime.vault.encrypt(created.identitySecret) : null,
      ],
    );
    return { created, id: row!.id };
  }

  const finished = async (response: { status: number; body: unknown; text: string }) => {
    expect(response.status, response.text).toBe(202);
    const job = response.body as BotJob;
    return (await bed.app.runtime.queue.waitFor(job.id, 60_000))!;
  };
  const checklist = async (id: number) =>
    (
      await bed.app.db.query<{ steps: Record<string, { state: string }> }>(
        'SELECT steps FROM account_checklist WHERE steam_account = $1',
        [id],
      )
    )[0]?.steps ?? {};

  it('runs the steps in order: 409 naming the missing predecessor, then setup-profile finishes the chain', async () => {
    const { created, id } = await newAccount();

    const early = await bed.app.request<{ detail: string }>(
      'POST',
      `/api-node/singup/${id}/email-and-phone/add-phone`,
      {
        body: { phone: '+79161234567' },
      },
    );
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/relogin/);

    const relogin = await finished(await bed.app.request('POST', `/api-node/singup/${id}/relogin`));
    expect(relogin).toMatchObject({
      state: 'done',
      kind: 'signup.relogin',
      account: id,
      result: { steam_id: created.steamId },
    });
    expect((await checklist(id)).relogin?.state).toBe('done');

    const confirmEarly = await bed.app.request<{ detail: string }>(
      'POST',
      `/api-node/singup/${id}/email-and-phone/add-phone-confirm`,
      {
        body: { code: '12345' },
      },
    );
    expect(confirmEarly.status).toBe(409);
    expect(confirmEarly.body.detail).toMatch(/add_phone/);

    const chain = await finished(await bed.app.request('POST', `/api-node/singup/${id}/setup-profile`));
    expect(chain.state, JSON.stringify(chain.error)).toBe('done');
    expect(chain.result).toMatchObject({
      stopped_at: null,
      ran: [
        'add_phone',
        'confirm_phone_code',
        'set_random_profile_info',
        'upload_avatar',
        'make_profile_public',
        'enable_2fa_step_1',
        'enable_2fa_step_2',
        'set_steam_info_to_site',
      ],
    });
    const steps = await checklist(id);
    for (const step of [
      'relogin',
      'add_phone',
      'confirm_phone_code',
      'enable_2fa_step_2',
      'set_steam_info_to_site',
    ]) {
      expect(steps[step]?.state, step).toBe('done');
    }

    // The authenticator's secrets went to the vault before step 2, and they are the ones Steam now has.
    const simAccount = await bed.steam.account(created.accountName);
    const [row] = await bed.app.db.query<{
      shared_secret: string;
      identity_secret: string;
      revocation_code: string;
      steam_id: string;
      trade_url: string;
    }>(
      'SELECT shared_secret, identity_secret, revocation_code, steam_id, trade_url FROM steam_account WHERE id = $1',
      [id],
    );
    expect(row!.shared_secret).toMatch(/^v2:/);
    const { vault } = bed.app.runtime;
    expect(vault.open(row!.shared_secret, sealedPlace('steam_account', 'shared_secret', id))).toBe(
      simAccount.sharedSecret,
    );
    expect(vault.open(row!.revocation_code, sealedPlace('steam_account', 'revocation_code', id))).toBe(
      simAccount.revocationCode,
    );
    expect(row!.steam_id).toBe(created.steamId);
    expect(row!.trade_url).toContain('tradeoffer/new');
    const detail = await bed.app.request<BotJob>('GET', `/api-node/jobs/${chain.id}/`);
    const lines = detail.body.logs!.map((l) => l.message);
    const saved = lines.indexOf('authenticator secrets saved in the vault');
    expect(saved).toBeGreaterThan(-1);
    expect(saved).toBeLessThan(lines.indexOf('step enable_2fa_step_2 done'));
    expect(lines.join('\n')).not.toContain(simAccount.sharedSecret as string);

    // One sign-up job per account at a time.
    await bed.app.db.query("UPDATE pgboss.job SET state = 'active' WHERE id = $1::uuid", [chain.id]);
    const twice = await bed.app.request<{ detail: string }>('POST', `/api-node/singup/${id}/setup-profile`);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toContain(chain.id);
    await bed.app.db.query("UPDATE pgboss.job SET state = 'completed' WHERE id = $1::uuid", [chain.id]);

    // Running it again resumes from where it stopped: nothing is left.
    const again = await finished(await bed.app.request('POST', `/api-node/singup/${id}/setup-profile`));
    expect(again.result).toMatchObject({ ran: [], stopped_at: null });
  });

  it('imports a maFile: secrets in the vault, the authenticator steps done', async () => {
    const { created, id } = await newAccount(true);
    const job = await finished(
      await bed.app.request('POST', `/api-node/singup/${id}/import-mafile`, {
        body: {
          mafile: {
            shared_secret: created.sharedSecret,
            identity_secret: created.identitySecret,
            revocation_code: created.revocationCode,
            account_name: created.accountName,
            Session: { SteamID: created.steamId },
          },
        },
      }),
    );
    expect(job).toMatchObject({ state: 'done', result: { imported: true, steam_id: created.steamId } });
    // The maFile went through the queue encrypted: neither the queue's table nor the jobs API shows it.
    expect(JSON.stringify(job)).not.toContain(created.sharedSecret as string);
    const raw = await bed.app.db.query<{ data: unknown }>('SELECT data FROM pgboss.job WHERE id = $1::uuid', [
      job.id,
    ]);
    expect(JSON.stringify(raw)).not.toContain(created.sharedSecret as string);
    const [saved] = await bed.app.db.query<{ shared_secret: string }>(
      'SELECT shared_secret FROM steam_account WHERE id = $1',
      [id],
    );
    expect(
      bed.app.runtime.vault.open(saved!.shared_secret, sealedPlace('steam_account', 'shared_secret', id)),
    ).toBe(created.sharedSecret);
    const steps = await checklist(id);
    expect(steps.enable_2fa_step_2?.state).toBe('done');
    expect(steps.add_phone?.state).toBe('done');
  });

  it('Steam service: wallet balance (a read that waits), an offer accepted once, an unknown account 404', async () => {
    const { created, id } = await newAccount(true);
    const balance = await bed.app.request<BotJob>('GET', `/api-node/steam/${id}/market/get-balance-info/`);
    expect(balance.status, balance.text).toBe(200);
    expect(balance.body).toMatchObject({
      state: 'done',
      result: { balanceMinor: created.wallet.balanceMinor },
    });

    const incoming = await bed.steam.sendIncomingOffer(created.accountName, {});
    const accepted = await finished(
      await bed.app.request('POST', `/api-node/steam/${id}/accept-offer`, {
        body: { offer_id: incoming.tradeofferid },
      }),
    );
    expect(accepted.state, JSON.stringify(accepted.error)).toBe('done');
    expect(accepted.result).toMatchObject({ status: 'accepted' });
    // Asking again does not accept twice: the step's recorded result comes back.
    const again = await finished(
      await bed.app.request('POST', `/api-node/steam/${id}/accept-offer`, {
        body: { offer_id: incoming.tradeofferid },
      }),
    );
    expect(again.result).toEqual(accepted.result);

    const settings = await bed.app.request<BotJob>(
      'GET',
      `/api-node/singup/${id}/steam/decorate/profile-settings/`,
    );
    expect(settings.status, settings.text).toBe(200);
    expect(settings.body.result).toMatchObject({ privacy: expect.any(Object) });

    expect((await bed.app.request('POST', '/api-node/steam/999999/relogin')).status).toBe(404);
    const avatars = await bed.app.request<{ results: { name: string; url: string }[] }>(
      'POST',
      '/api-node/singup/get-random-avatars/',
      {
        body: { count: 3 },
      },
    );
    expect(avatars.body.results).toHaveLength(3);
    expect(avatars.body.results[0]!.url).toMatch(/^data:image\/png;base64,/);
  });
});
