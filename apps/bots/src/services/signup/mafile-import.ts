import {
  parseJsonLossless,
  readMaFile,
  steamAccountEntity,
  type MaFileData,
  type SignupStep,
} from '@toydesk/contract';
import { z } from 'zod';
import { ApiError, notFound } from '@toydesk/api-kit';

import { pathId, startJob, type BotHandlers } from '../../http/handler.ts';
import { defineJobKind, PermanentJobError } from '../../jobs/job-kind.ts';
import { LANES } from '../../lanes.ts';
import type { BotJobKind, BotRuntime } from '../../bot-runtime.ts';
import {
  createSteamAccountFromMaFile,
  findSteamIdHolder,
  importMaFileSecrets,
  loadSteamAccountNames,
  steamAccountNameTaken,
} from '@toydesk/db';
import { BOT_ACTOR } from '../proxies/proxy-handlers.ts';
import { jobInputPlace } from '../../jobs/sealer.ts';

/** What a maFile (SDA) stands for: the authenticator exists, so the phone steps and both 2FA steps are done. */
const IMPORT_KIND = 'signup.import-mafile';

const MAFILE_DONE: SignupStep[] = [
  'add_phone',
  'confirm_phone_code',
  'enable_2fa_step_1',
  'enable_2fa_step_2',
];

/** The maFile read, or 400 naming what is wrong with it (nothing is written). */
function readOr400(value: unknown): MaFileData {
  const read = readMaFile(value);
  if (!read.ok) throw new ApiError(400, { mafile: read.errors });
  return read.data;
}

const sameName = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

type MaFileRouteId = 'bot-signup.import_mafile' | 'bot-signup.create_from_mafile';

export const MAFILE_HANDLERS: BotHandlers<MaFileRouteId> = {
  /**
   * Into an existing account: checked here (400 for a bad file, 409 for another account's file), then
   * written by a job (the secrets travel through the queue encrypted).
   */
  'bot-signup.import_mafile': async (ctx) => {
    const account = pathId(ctx.params);
    const data = readOr400(ctx.body.mafile);
    const row = await loadSteamAccountNames(ctx.runtime.db, account);
    if (!row) throw notFound('Нет такого Steam-аккаунта. (No such Steam account.)');
    if (!ctx.body.confirm_account_name) {
      const nameDiffers =
        data.account_name !== null &&
        !sameName(data.account_name, row.login) &&
        !sameName(data.account_name, row.steam_account_name);
      if (nameDiffers) {
        throw new ApiError(409, {
          detail:
            `maFile от аккаунта «${data.account_name}», а выбран «${row.steam_account_name}». ` +
            `(The maFile's account_name "${data.account_name}" differs from the account "${row.steam_account_name}".)`,
          code: 'account_name_mismatch',
          mafile_account_name: data.account_name,
          account_name: row.steam_account_name,
        });
      }
      if (row.steam_id !== null && row.steam_id !== data.steam_id) {
        throw new ApiError(409, {
          detail:
            `SteamID в maFile ${data.steam_id}, у аккаунта «${row.steam_account_name}» ${row.steam_id}. ` +
            `(The maFile's SteamID ${data.steam_id} differs from the account's ${row.steam_id}.)`,
          code: 'steam_id_mismatch',
          mafile_steam_id: data.steam_id,
          steam_id: row.steam_id,
        });
      }
    }
    const holder = await findSteamIdHolder(ctx.runtime.db, data.steam_id, account);
    if (holder) {
      throw new ApiError(409, {
        detail:
          `SteamID ${data.steam_id} уже у аккаунта «${holder.steam_account_name}». ` +
          `(SteamID ${data.steam_id} already belongs to the account "${holder.steam_account_name}".)`,
        code: 'steam_id_taken',
      });
    }
    const data_sealed = ctx.runtime.vault.seal(JSON.stringify(data), jobInputPlace(IMPORT_KIND, account));
    return startJob(ctx, IMPORT_KIND, { account, input: { data_sealed } });
  },

  /** A new account from a maFile: created with its SteamID and secrets in one transaction, audited. */
  'bot-signup.create_from_mafile': async ({ runtime, body, reply }) => {
    const data = readOr400(body.mafile);
    const name = body.steam_account_name ?? data.account_name;
    if (!name) {
      throw new ApiError(400, {
        steam_account_name: [
          'В maFile нет account_name: укажите имя аккаунта. (The maFile has no account_name: give a name.)',
        ],
      });
    }
    const nameCheck = steamAccountEntity.fields.steam_account_name.write?.safeParse(name);
    if (nameCheck && !nameCheck.success)
      throw new ApiError(400, { steam_account_name: nameCheck.error.issues.map((i) => i.message) });
    const created = await runtime.db.transaction(async (tx) => {
      if (await steamAccountNameTaken(tx, name)) {
        throw new ApiError(400, {
          steam_account_name: [`Аккаунт «${name}» уже есть. (The account "${name}" already exists.)`],
        });
      }
      const holder = await findSteamIdHolder(tx, data.steam_id, null);
      if (holder) {
        throw new ApiError(400, {
          mafile: {
            'Session.SteamID': [
              `SteamID ${data.steam_id} уже у аккаунта «${holder.steam_account_name}». ` +
                `(SteamID ${data.steam_id} already belongs to "${holder.steam_account_name}".)`,
            ],
          },
        });
      }
      return createSteamAccountFromMaFile(tx, runtime.vault, BOT_ACTOR, {
        name,
        login: body.login ?? data.account_name ?? name,
        data,
        doneSteps: MAFILE_DONE,
      });
    });
    reply.status(201);
    return created;
  },
};

const importParams = z.object({
  account: z.number().int().positive(),
  input: z.record(z.string(), z.unknown()).default({}),
});
type ImportParams = z.infer<typeof importParams>;

/** The sealed input: the checked data (now), or the whole maFile (jobs queued before). */
function unsealed(runtime: { vault: BotRuntime['vault'] }, params: ImportParams): MaFileData {
  const { input } = params;
  const place = jobInputPlace(IMPORT_KIND, params.account);
  if (typeof input.data_sealed === 'string')
    return parseJsonLossless(runtime.vault.open(input.data_sealed, place)) as MaFileData;
  if (typeof input.mafile_sealed === 'string') {
    const read = readMaFile(parseJsonLossless(runtime.vault.open(input.mafile_sealed, place)));
    if (!read.ok) throw new PermanentJobError(`Not a maFile: ${JSON.stringify(read.errors)}`);
    return read.data;
  }
  throw new PermanentJobError('No maFile given');
}

/** Writes a checked maFile into its account: secrets encrypted, SteamID exact, audited, 2FA steps done. */
export const IMPORT_MAFILE_JOB: BotJobKind = defineJobKind<ImportParams, BotRuntime>({
  lane: LANES.steam,
  params: importParams,
  account: (p: ImportParams) => p.account,
  expireInSeconds: 300,
  retryLimit: 0,
  kind: 'signup.import-mafile',
  async run(ctx, params) {
    const { db, vault } = ctx.deps;
    const data = unsealed(ctx.deps, params);
    await db.transaction(async (tx) => {
      const done = await importMaFileSecrets(tx, vault, BOT_ACTOR, params.account, {
        data,
        doneSteps: MAFILE_DONE,
        jobId: ctx.job.id,
      });
      if (!done) throw new PermanentJobError(`Steam account ${params.account} does not exist`);
    });
    await ctx.log('maFile secrets saved in the vault');
    return { imported: true, steam_id: data.steam_id, identity_secret: Boolean(data.identity_secret) };
  },
});
