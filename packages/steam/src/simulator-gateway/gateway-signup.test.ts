import { describe, expect, it } from 'vitest';

import { steamSimForSuite } from '../testing/steam-sim-harness.ts';
import { steamFailure } from '../testing/steam-failure.ts';

/** The sign-up steps of spec section 4 on a fresh account without phone or authenticator. */
describe('SteamSimulatorGateway: sign-up (phone and Steam Guard Mobile Authenticator)', () => {
  const sim = steamSimForSuite();

  const newAccount = () => sim.account({ twoFactor: false });

  it('adds a phone: email confirmation, SMS code (bad code refused, resend), confirm; then 2FA in two steps', async () => {
    const { created, session, credentials } = await newAccount();
    expect(created.sharedSecret).toBeNull();
    expect(created.phone).toBeNull();

    // 2FA before a phone: AddAuthenticator status 2
    expect(await steamFailure(sim.gateway.enableTwoFactorStep1(session))).toMatchObject({
      kind: 'needs_phone',
      eresult: 2,
    });

    // VoIP numbers are refused
    expect(
      await steamFailure(sim.gateway.addPhone(session, { number: '+15551234567', countryCode: 'US' })),
    ).toMatchObject({ kind: 'invalid_phone', eresult: 8 });

    const added = await sim.gateway.addPhone(session, { number: '+79161234567', countryCode: 'RU' });
    expect(added).toMatchObject({ confirmation: 'email_confirm', phoneNumberFormatted: '+79161234567' });
    expect(added.emailHint).toMatch(/\*\*\*@mail\.example$/);
    expect(await sim.gateway.isWaitingForEmailConfirmation(session)).toEqual({
      waiting: true,
      secondsToWait: 10,
    });
    // no SMS while the email is not confirmed
    expect(await steamFailure(sim.gateway.sendPhoneCode(session))).toMatchObject({
      kind: 'failed',
      eresult: 22,
    });

    // the bot follows the link in the last email
    const email = await sim.control.lastEmail(created.accountName);
    expect(email.kind).toBe('email_confirm');
    expect((await fetch(email.link ?? '')).status).toBe(200);
    expect(await sim.gateway.isWaitingForEmailConfirmation(session)).toEqual({
      waiting: false,
      secondsToWait: 0,
    });

    await sim.gateway.sendPhoneCode(session);
    const first = await sim.control.lastSms(created.accountName);
    expect(first).toMatchObject({ number: '+79161234567', purpose: 'phone_verify' });
    expect(await steamFailure(sim.gateway.resendPhoneCode(session))).toMatchObject({
      kind: 'rate_limited',
      eresult: 84,
    }); // SMS cooldown
    expect(
      await steamFailure(sim.gateway.confirmPhoneCode(session, first.code === '00000' ? '11111' : '00000')),
    ).toMatchObject({ kind: 'bad_sms_code' });
    await sim.control.advance(31_000);
    await sim.gateway.resendPhoneCode(session);
    const second = await sim.control.lastSms(created.accountName);
    expect(second.code).toMatch(/^\d{5}$/);
    await sim.gateway.confirmPhoneCode(session, second.code);
    expect((await sim.control.account(created.accountName)).phone).toBe('+79161234567');

    // 2FA step 1: the secrets (stored by the caller before step 2)
    const secrets = await sim.gateway.enableTwoFactorStep1(session);
    expect(secrets.sharedSecret).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(secrets.identitySecret).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(secrets.revocationCode).toMatch(/^R\d{5}$/);
    expect(secrets.uri).toMatch(/^otpauth:\/\/totp\/Steam:/);
    expect(secrets.serialNumber).toMatch(/^\d+$/);
    const activation = await sim.control.lastSms(created.accountName);
    expect(activation.purpose).toBe('2fa_activation');

    // step 2 with a wrong activation code: status 89
    const wrong = activation.code === '12345' ? '54321' : '12345';
    expect(
      await steamFailure(
        sim.gateway.finalizeTwoFactor(session, { sharedSecret: secrets.sharedSecret, activationCode: wrong }),
      ),
    ).toMatchObject({
      kind: 'invalid_activation_code',
      eresult: 89,
    });
    await sim.gateway.finalizeTwoFactor(session, {
      sharedSecret: secrets.sharedSecret,
      activationCode: activation.code,
    });

    // now 29, and login needs the new authenticator's codes
    expect(await steamFailure(sim.gateway.enableTwoFactorStep1(session))).toMatchObject({
      kind: 'already_has_authenticator',
      eresult: 29,
    });
    expect(await steamFailure(sim.gateway.login(credentials))).toMatchObject({ kind: 'needs_guard_code' });
    const again = await sim.gateway.login({ ...credentials, sharedSecret: secrets.sharedSecret });
    expect(again.steamId).toBe(created.steamId);
    expect(await sim.gateway.listConfirmations(again, secrets.identitySecret)).toEqual([]);
  });

  it('a second phone is a phone change; the email link confirms it', async () => {
    const { created, session } = await sim.account();
    const changed = await sim.gateway.addPhone(session, { number: '+79035550101' });
    expect(changed.confirmation).toBe('phone_change');
    expect((await sim.control.lastEmail(created.accountName)).kind).toBe('phone_change');
  });

  it('the wrong SMS code five times voids the code', async () => {
    const { created, session } = await newAccount();
    await sim.gateway.addPhone(session, { number: '+79169990000' });
    await fetch((await sim.control.lastEmail(created.accountName)).link ?? '');
    await sim.gateway.sendPhoneCode(session);
    const sms = await sim.control.lastSms(created.accountName);
    const bad = sms.code === '00000' ? '11111' : '00000';
    for (let i = 0; i < 5; i++)
      expect(await steamFailure(sim.gateway.confirmPhoneCode(session, bad))).toMatchObject({
        kind: 'bad_sms_code',
      });
    expect(await steamFailure(sim.gateway.confirmPhoneCode(session, sms.code))).toMatchObject({
      kind: 'bad_sms_code',
    });
  });

  it('accounts with email Steam Guard need the emailed code at login', async () => {
    const created = await sim.control.createAccount({ twoFactor: false, emailGuard: true });
    const credentials = { accountName: created.accountName, password: created.password };
    expect(await steamFailure(sim.gateway.login(credentials))).toMatchObject({
      kind: 'needs_guard_code',
      eresult: 63,
    });
    const mail = await sim.control.lastEmail(created.accountName);
    expect(mail.kind).toBe('guard_code');
    expect(await steamFailure(sim.gateway.login({ ...credentials, guardCode: 'ZZZZZ' }))).toMatchObject({
      kind: 'invalid_credentials',
      eresult: 65,
    });
    const session = await sim.gateway.login({ ...credentials, guardCode: mail.code });
    expect(session.steamId).toBe(created.steamId);
  });

  it('the simulator checks login codes against shared_secret at its own (advanced) time', async () => {
    const created = await sim.control.createAccount();
    await sim.control.advance(3 * 24 * 3_600_000);
    const time = Math.floor((await sim.control.call<{ now: number }>('GET', 'clock')).now / 1000);
    expect(time - Date.now() / 1000).toBeGreaterThan(3 * 86_400 - 60);
    const session = await sim.gateway.login({
      accountName: created.accountName,
      password: created.password,
      sharedSecret: created.sharedSecret,
    });
    expect(session.steamId).toBe(created.steamId);
  });
});
