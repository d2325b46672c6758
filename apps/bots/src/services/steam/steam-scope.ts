import { isSteamError, type SteamGateway, type SteamSession } from '@toydesk/steam';

import type { JobContext } from '../../jobs/job-context.ts';
import { PermanentJobError } from '../../jobs/job-kind.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import {
  loadSteamAccountWithProxy,
  saveSteamSession,
  sealedPlace,
  type SteamAccountWithProxy,
} from '@toydesk/db';

import { accountNameOf, credentialsOf, loadSession } from './steam-access.ts';
import type { SignupInbox } from './signup-inbox.ts';

/** One job's handle on one Steam account: its gateway, its stored session, its secrets. */
export interface SteamScope {
  ctx: JobContext<BotRuntime>;
  runtime: BotRuntime;
  account: SteamAccountWithProxy;
  accountName: string;
  gateway: SteamGateway;
  inbox: SignupInbox | null;
  /** Logs in again (or refreshes the stored session while its refresh token lives) and stores the session. */
  relogin(): Promise<SteamSession>;
  /** Runs fn with the stored session (logging in when there is none); once more after a fresh login if it expired. */
  withSession<T>(fn: (session: SteamSession) => Promise<T>): Promise<T>;
  /** The decrypted identity_secret for mobile confirmations; a permanent failure when the account has none. */
  identitySecret(): string;
  sharedSecret(): string;
  /** Re-reads the account row (after a step changed it). */
  reload(): Promise<SteamAccountWithProxy>;
}

/**
 * The gateway as one job sees it: no call starts once the job's signal is aborted (a trading tick whose
 * lease was lost, an attempt out of time), and a call in flight is given up then. The gateways take no
 * signal of their own (the real one drives steam-session and steamcommunity): such a request may still
 * finish on its own, but nothing of the job acts on its answer.
 */
export function abortableGateway(gateway: SteamGateway, signal: AbortSignal): SteamGateway {
  return new Proxy(gateway, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function' || prop === 'close') return value;
      return (...args: unknown[]) => {
        signal.throwIfAborted();
        const call = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        return new Promise((resolve, reject) => {
          const onAbort = () => reject(signal.reason);
          signal.addEventListener('abort', onAbort, { once: true });
          Promise.resolve(call).then(
            (result) => {
              signal.removeEventListener('abort', onAbort);
              resolve(result);
            },
            (error: unknown) => {
              signal.removeEventListener('abort', onAbort);
              reject(error);
            },
          );
        });
      };
    },
  });
}

export async function openSteamScope(ctx: JobContext<BotRuntime>, accountId: number): Promise<SteamScope> {
  const runtime = ctx.deps;
  ctx.signal.throwIfAborted();
  let account = await loadSteamAccountWithProxy(runtime.db, accountId);
  if (!account) throw new PermanentJobError(`Steam account ${accountId} does not exist`);
  const gateway = abortableGateway(await runtime.steam.gateway(), ctx.signal);
  const inbox = await runtime.steam.inbox();
  let current: SteamSession | null = null;

  const relogin = async () => {
    const credentials = credentialsOf(runtime.vault, account!, !runtime.demo);
    const identity = account!.identity_secret
      ? runtime.vault.open(
          account!.identity_secret,
          sealedPlace('steam_account', 'identity_secret', accountId),
        )
      : null;
    await inbox?.ensureAccount(
      credentials.accountName,
      credentials.password,
      credentials.sharedSecret && identity
        ? { sharedSecret: credentials.sharedSecret, identitySecret: identity }
        : null,
    );
    const previous = current ?? (await loadSession(runtime.db, runtime.vault, accountId));
    current = await gateway.relogin(credentials, previous);
    ctx.signal.throwIfAborted();
    await saveSteamSession(runtime.db, runtime.vault, accountId, current);
    await ctx.log(`logged in as ${credentials.accountName} (${current.steamId})`);
    return current;
  };

  const open = (column: 'identity_secret' | 'shared_secret', what: string) => {
    const value = account![column];
    if (!value) throw new PermanentJobError(`Steam account ${accountId} has no ${what}`);
    return runtime.vault.open(value, sealedPlace('steam_account', column, accountId));
  };

  return {
    ctx,
    runtime,
    get account() {
      return account!;
    },
    accountName: accountNameOf(account),
    gateway,
    inbox,
    relogin,
    async withSession(fn) {
      current ??= await loadSession(runtime.db, runtime.vault, accountId);
      if (!current) current = await relogin();
      try {
        return await fn(current);
      } catch (error) {
        if (!isSteamError(error, 'session_expired')) throw error;
        await ctx.log('session expired: logging in again', 'warn');
        return fn(await relogin());
      }
    },
    identitySecret: () => open('identity_secret', 'identity_secret (mobile authenticator)'),
    sharedSecret: () => open('shared_secret', 'shared_secret (mobile authenticator)'),
    async reload() {
      account = (await loadSteamAccountWithProxy(runtime.db, accountId)) ?? account;
      return account!;
    },
  };
}
