import { SIGNUP_STEPS, type SignupStep } from '@toydesk/contract';
import { readChecklistSteps } from '@toydesk/db';
import { z } from 'zod';

import { defineJobKind, PermanentJobError } from '../../jobs/job-kind.ts';
import { LANES } from '../../lanes.ts';
import type { BotJobKind, BotRuntime } from '../../bot-runtime.ts';
import { openSteamScope, type SteamScope } from '../steam/steam-scope.ts';
import { IMPORT_MAFILE_JOB } from './mafile-import.ts';
import { followLastEmail, runChain, runStep, type StepInput } from './signup-steps.ts';

const account = z.number().int().positive();
const stepParams = z.object({ account, input: z.record(z.string(), z.unknown()).default({}) });
type StepParams = z.infer<typeof stepParams>;

/** The job kind of each sign-up step: signup.relogin, signup.add_phone, ... */
export const stepKind = (step: SignupStep) => `signup.${step}`;

const steamJob = {
  lane: LANES.steam,
  params: stepParams,
  account: (p: StepParams) => p.account,
  expireInSeconds: 300,
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
};

/** A job on one Steam account: opens the account's scope, then runs. */
export function accountJob(
  kind: string,
  run: (scope: SteamScope, input: Record<string, unknown>) => Promise<unknown>,
  options: Partial<Pick<BotJobKind, 'expireInSeconds' | 'retryLimit' | 'sealResult'>> = {},
): BotJobKind {
  return defineJobKind<StepParams, BotRuntime>({
    ...steamJob,
    ...options,
    kind,
    async run(ctx, params) {
      return run(await openSteamScope(ctx, params.account), params.input);
    },
  });
}

type Action = (scope: SteamScope, input: Record<string, unknown>) => Promise<unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

/** The sign-up service's other calls: no checklist, no order. */
export const PROFILE_ACTIONS: Record<string, Action> = {
  'signup.transform-cards-to-badges': (s) =>
    s.withSession((session) => s.gateway.transformCardsToBadges(session)),
  'signup.get-my-inventory': (s, i) =>
    s.withSession((session) =>
      s.gateway.getInventory(session, { appId: num(i.app_id, 730), contextId: str(i.context_id) || '2' }),
    ),
  'signup.turn-item-into-gems': (s, i) =>
    s.withSession((session) =>
      s.gateway.turnItemIntoGems(session, { appId: num(i.app_id, 753), assetId: str(i.asset_id) }),
    ),
  'signup.subscribe-to-group': (s, i) =>
    s.withSession((session) => s.gateway.joinGroup(session, str(i.group_id))),
  'signup.get-my-groups': (s) => s.withSession((session) => s.gateway.getMyGroups(session)),
  'signup.add-group-to-favorite': (s, i) =>
    s.withSession((session) => s.gateway.setFavoriteGroup(session, str(i.group_id))),
  'signup.post-message-in-feed': (s, i) =>
    s.withSession((session) =>
      s.gateway.postStatus(session, str(i.text), typeof i.app_id === 'number' ? { appId: i.app_id } : {}),
    ),
  'signup.workshop-add-to-favorite': (s, i) =>
    s.withSession((session) =>
      s.gateway.addWorkshopFavorite(session, {
        publishedFileId: str(i.published_file_id),
        appId: num(i.app_id, 730),
      }),
    ),
  'signup.decorate-set-theme': (s, i) =>
    s.withSession((session) => s.gateway.setProfileTheme(session, str(i.theme) as never)),
  'signup.decorate-set-favorite-badge': (s, i) =>
    s.withSession((session) =>
      s.gateway.setFavoriteBadge(session, {
        badgeId: num(i.badge_id, 0),
        communityItemId: typeof i.community_item_id === 'string' ? i.community_item_id : null,
      }),
    ),
  'signup.decorate-set-profile-background': (s, i) =>
    s.withSession((session) => s.gateway.setProfileBackground(session, str(i.community_item_id))),
  'signup.decorate-configure-showcase': (s, i) =>
    s.withSession((session) =>
      s.gateway.configureShowcase(session, {
        kind: i.kind as never,
        slot: num(i.slot, 0),
        ...(i.published_file_id ? { publishedFileId: str(i.published_file_id) } : {}),
        ...(i.group_id ? { groupId: str(i.group_id) } : {}),
        ...(Array.isArray(i.items)
          ? {
              items: (i.items as { app_id: number; context_id: string; asset_id: string }[]).map((x) => ({
                appId: x.app_id,
                contextId: x.context_id,
                assetId: x.asset_id,
              })),
            }
          : {}),
        ...(i.notes ? { notes: str(i.notes) } : {}),
      }),
    ),
  'signup.edit-profile-info': (s, i) =>
    s.withSession((session) =>
      s.gateway.editProfile(session, {
        ...(i.name !== undefined ? { name: str(i.name) } : {}),
        ...(i.real_name !== undefined ? { realName: str(i.real_name) } : {}),
        ...(i.summary !== undefined ? { summary: str(i.summary) } : {}),
        ...(i.country !== undefined ? { country: str(i.country) } : {}),
        ...(i.state !== undefined ? { state: str(i.state) } : {}),
        ...(i.city !== undefined ? { city: str(i.city) } : {}),
        ...(i.custom_url !== undefined ? { customURL: str(i.custom_url) } : {}),
      }),
    ),
  'signup.reset-inventory-notification-counter': (s) =>
    s.withSession((session) => s.gateway.resetInventoryNotifications(session)),
  'signup.profile-settings': (s) => s.withSession((session) => s.gateway.getProfileSettings(session)),
  'signup.available-emotions': (s) => s.withSession((session) => s.gateway.getAvailableEmotions(session)),
};

export const SIGNUP_JOB_KINDS: BotJobKind[] = [
  ...SIGNUP_STEPS.map((step) =>
    accountJob(stepKind(step), (scope, input) => runStep(scope, step, input as StepInput)),
  ),
  accountJob('signup.setup-profile', (scope) => runChain(scope), { expireInSeconds: 900 }),
  accountJob('signup.follow-last-email', async (scope) => {
    const steps = await readChecklistSteps(scope.runtime.db, scope.account.id);
    if (steps.add_phone?.state !== 'done') {
      throw new PermanentJobError('Step add_phone must be done before following the email link');
    }
    return followLastEmail(scope);
  }),
  // The handler queues the checked maFile encrypted: the queue's tables and the jobs API never hold it.
  IMPORT_MAFILE_JOB,
  ...Object.entries(PROFILE_ACTIONS).map(([kind, run]) => accountJob(kind, run)),
];
