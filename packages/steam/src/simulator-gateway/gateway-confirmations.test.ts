import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { steamSimForSuite } from '../testing/steam-sim-harness.ts';
import { steamFailure } from '../testing/steam-failure.ts';

describe('SteamSimulatorGateway: answering mobile confirmations (Steam Guard screen)', () => {
  const sim = steamSimForSuite();

  it('seeded trades and listings are listed; accept and decline each move their object on', async () => {
    const { created, session } = await sim.account();
    const secret = created.identitySecret ?? '';
    const seeded = await sim.control.seedPendingConfirmations(created.accountName, {
      trades: 2,
      listings: 2,
    });
    expect(seeded.confirmations).toHaveLength(4);

    const listed = await sim.gateway.listConfirmations(session, secret);
    expect(listed.map((entry) => entry.typeName).sort()).toEqual([
      'market_listing',
      'market_listing',
      'trade',
      'trade',
    ]);
    const [tradeA, tradeB] = listed.filter((entry) => entry.typeName === 'trade');
    const [listingA, listingB] = listed.filter((entry) => entry.typeName === 'market_listing');
    if (!tradeA || !tradeB || !listingA || !listingB) throw new Error('seeded confirmations missing');
    // 64-bit-safe ids travel as strings
    expect(typeof tradeA.id).toBe('string');
    expect(typeof tradeA.objectId).toBe('string');

    await sim.gateway.respondToConfirmation(session, { identitySecret: secret, ...tradeA, accept: true });
    await sim.gateway.respondToConfirmation(session, { identitySecret: secret, ...tradeB, accept: false });
    expect((await sim.gateway.getOffer(session, tradeA.objectId)).stateName).toBe('Active');
    expect((await sim.gateway.getOffer(session, tradeB.objectId)).stateName).toBe('CanceledBySecondFactor');

    await sim.gateway.respondToConfirmation(session, { identitySecret: secret, ...listingA, accept: true });
    await sim.gateway.respondToConfirmation(session, { identitySecret: secret, ...listingB, accept: false });
    const mine = await sim.gateway.getMyListings(session);
    expect(mine.listings.find((entry) => entry.listingId === listingA.objectId)?.status).toBe('active');
    expect(mine.listings.find((entry) => entry.listingId === listingB.objectId)).toBeUndefined();

    expect(await sim.gateway.listConfirmations(session, secret)).toEqual([]);
    const stats = await sim.control.stats();
    expect(stats.confirmations).toMatchObject({ accepted: 2, canceled: 2 });
  });

  it('an answered (or unknown) confirmation is not_found; a wrong identity secret is access_denied', async () => {
    const { created, session } = await sim.account();
    const secret = created.identitySecret ?? '';
    await sim.control.seedPendingConfirmations(created.accountName, { trades: 1 });
    const [only] = await sim.gateway.listConfirmations(session, secret);
    if (!only) throw new Error('no confirmation');
    await sim.gateway.respondToConfirmation(session, { identitySecret: secret, ...only, accept: true });
    expect(
      await steamFailure(
        sim.gateway.respondToConfirmation(session, { identitySecret: secret, ...only, accept: false }),
      ),
    ).toMatchObject({ kind: 'not_found' });
    expect(
      await steamFailure(
        sim.gateway.respondToConfirmation(session, {
          identitySecret: randomBytes(20).toString('base64'),
          id: only.id,
          nonce: only.nonce,
          accept: true,
        }),
      ),
    ).toMatchObject({ kind: 'access_denied' });
  });

  it('an account takes the authenticator of an imported maFile (at creation or later)', async () => {
    const sharedSecret = randomBytes(20).toString('base64');
    const identitySecret = randomBytes(20).toString('base64');
    const made = await sim.account({ sharedSecret, identitySecret });
    expect(made.created).toMatchObject({ sharedSecret, identitySecret });
    await sim.control.seedPendingConfirmations(made.created.accountName, { listings: 1 });
    expect(await sim.gateway.listConfirmations(made.session, identitySecret)).toHaveLength(1);

    const plain = await sim.control.createAccount({ twoFactor: false });
    const patched = await sim.control.patchAccount(plain.accountName, {
      authenticator: { sharedSecret, identitySecret },
    });
    expect(patched).toMatchObject({ sharedSecret, identitySecret });
  });
});
