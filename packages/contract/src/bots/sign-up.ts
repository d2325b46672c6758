import { z } from 'zod';

import { PROFILE_THEMES, SHOWCASE_KINDS } from '../enums.ts';
import { maFileSchema } from '../steam/mafile.ts';
import { defineRoute } from '../routes/route-def.ts';
import { jobRoute, jobRouteMaker, waitedJobRoute } from './job-routes.ts';

/** The sign-up service (spec section 4): a Steam account's sign-up steps, each one a job, in their order. */

const steamAccountPath = 'Steam account id (steam_account.id)';
const withSessionQuerySchema = z.object({ withSession: z.enum(['0', '1']).optional() });

const addPhoneBodySchema = z.object({
  phone: z.string().regex(/^\+?\d{6,20}$/),
  country_code: z.string().length(2).optional(),
});
const confirmCodeBodySchema = z.object({ code: z.string().trim().min(3).max(16) });
const enable2faStep2BodySchema = z.object({ activation_code: z.string().trim().min(3).max(16) });
const editProfileBodySchema = z.object({
  name: z.string().max(32).optional(),
  real_name: z.string().max(64).optional(),
  summary: z.string().max(4000).optional(),
  country: z.string().max(2).optional(),
  state: z.string().max(64).optional(),
  city: z.string().max(64).optional(),
  custom_url: z.string().max(64).optional(),
});
const uploadAvatarBodySchema = z
  .object({
    image_base64: z.string().max(2_000_000).optional(),
    avatar: z.string().max(200).optional().describe('A name from get-random-avatars'),
  })
  .optional();
const groupBodySchema = z.object({ group_id: z.string().regex(/^\d{1,20}$/) });
const feedMessageBodySchema = z.object({
  text: z.string().min(1).max(4000),
  app_id: z.number().int().optional(),
});
const workshopFavoriteBodySchema = z.object({
  published_file_id: z.string().regex(/^\d{1,20}$/),
  app_id: z.number().int().default(730),
});
const setThemeBodySchema = z.object({ theme: z.enum(PROFILE_THEMES) });
const favoriteBadgeBodySchema = z.object({
  badge_id: z.number().int(),
  community_item_id: z.string().nullable().optional(),
});
const profileBackgroundBodySchema = z.object({ community_item_id: z.string().min(1).max(32) });
const showcaseBodySchema = z.object({
  kind: z.enum(SHOWCASE_KINDS),
  slot: z.number().int().min(0).max(20).optional(),
  published_file_id: z.string().optional(),
  group_id: z.string().optional(),
  items: z
    .array(z.object({ app_id: z.number().int(), context_id: z.string(), asset_id: z.string() }))
    .max(20)
    .optional(),
  notes: z.string().max(1000).optional(),
});
const inventoryBodySchema = z
  .object({ app_id: z.number().int().default(730), context_id: z.string().default('2') })
  .optional();
const gemsBodySchema = z.object({ app_id: z.number().int(), asset_id: z.string().min(1) });
const followLastEmailBodySchema = z.object({ id: z.number().int().positive() });
const maFileBodySchema = z.object({
  mafile: maFileSchema,
  /**
   * The operator saw both names and goes on although the maFile's account_name (or SteamID) differs from
   * the account's: without it such an import is refused with 409.
   */
  confirm_account_name: z.boolean().optional(),
});
const maFileCreateBodySchema = z.object({
  mafile: maFileSchema,
  /** The new account's name; the maFile's account_name when absent. */
  steam_account_name: z.string().trim().min(1).max(64).optional(),
  /** The login; the account name when absent. */
  login: z.string().trim().min(1).max(64).optional(),
});
const maFileCreatedSchema = z.object({
  id: z.number().int(),
  steam_account_name: z.string(),
  login: z.string().nullable(),
  steam_id: z.string(),
});

const signup = (step: string) => `/api-node/singup/{id}/${step}`;

const SIGNUP_STEP_DESCRIPTION =
  `Path id: ${steamAccountPath}. One sign-up step as a job. The steps of spec section 4 run in their order: ` +
  'a step whose predecessor is not done is refused with 409 naming it. The account checklist follows the job.';

/** A sign-up step of spec section 4 (ordered, checked against the checklist), and any other sign-up job. */
const signupStep = jobRouteMaker('bot-signup', signup, { description: SIGNUP_STEP_DESCRIPTION });
const signupJob = jobRouteMaker('bot-signup', signup);

export const botSignUpRoutes = [
  jobRoute(
    'bot-signup.follow_to_last_email',
    '/api-node/singup/email-and-phone/follow-to-last-email/',
    "Follow the confirmation link of the account's last email (adding a phone asks for it)",
    { tag: 'bot-signup', body: followLastEmailBodySchema },
  ),
  signupStep('relogin', 'relogin', 'Log in again (or refresh the session)'),
  signupJob(
    'setup_profile',
    'setup-profile',
    'Run the remaining sign-up steps in order, from the first one not done',
    {
      description:
        'Steps that need input (phone, codes) stop the chain; it resumes from there when called again.',
    },
  ),
  signupStep('add_phone', 'email-and-phone/add-phone', 'Attach a phone number', { body: addPhoneBodySchema }),
  signupStep('add_phone_resend_code', 'email-and-phone/add-phone-resend-code', 'Send the SMS code again'),
  signupStep(
    'add_phone_confirm',
    'email-and-phone/add-phone-confirm',
    'Confirm the phone with the SMS code',
    { body: confirmCodeBodySchema },
  ),
  signupStep(
    'set_random_profile_info',
    'set-random-profile-info',
    'Give the profile a random name, summary and country',
  ),
  signupStep('upload_avatar', 'upload-avatar', 'Upload an avatar (random if none given)', {
    body: uploadAvatarBodySchema,
  }),
  signupStep('make_profile_public', 'make-profile-public', 'Make the profile public'),
  signupStep(
    'set_steam_info_to_site',
    'set-steam-info-to-site',
    'Write the SteamID and trade URL back to the account record',
  ),
  signupStep(
    'enable_2fa_step_1',
    'enable2FA-step-1',
    'Start the mobile authenticator; its secrets are saved in the vault before anything else',
    { query: withSessionQuerySchema },
  ),
  signupStep(
    'enable_2fa_step_2',
    'enable2FA-step-2',
    'Finish the mobile authenticator with the SMS activation code',
    { query: withSessionQuerySchema, body: enable2faStep2BodySchema },
  ),
  signupJob(
    'transform_cards_to_badges',
    'transform-available-cards-to-badges',
    'Craft every badge the trading cards complete',
  ),
  signupJob('get_my_inventory', 'get-my-inventory', 'Read the inventory', { body: inventoryBodySchema }),
  signupJob('turn_item_into_gems', 'turn-item-into-gems', 'Turn a Steam item into gems', {
    body: gemsBodySchema,
  }),
  signupJob('subscribe_to_group', 'subscribe-to-group', 'Join a group', { body: groupBodySchema }),
  signupJob('get_my_groups', 'get-my-groups', 'The groups the account is in'),
  signupJob('add_group_to_favorite', 'add-group-to-favorite', 'Set the primary group', {
    body: groupBodySchema,
  }),
  signupJob('post_message_in_feed', 'post-message-in-feed', 'Post a status in the feed', {
    body: feedMessageBodySchema,
  }),
  signupJob('workshop_add_to_favorite', 'workshop/add-to-favorite', 'Add a workshop file to the favourites', {
    body: workshopFavoriteBodySchema,
  }),
  signupJob('decorate_set_theme', 'steam/decorate/set-theme', 'Set the profile theme', {
    body: setThemeBodySchema,
  }),
  signupJob('decorate_set_favorite_badge', 'steam/decorate/set-favorite-badge', 'Set the favourite badge', {
    body: favoriteBadgeBodySchema,
  }),
  signupJob(
    'decorate_set_profile_background',
    'steam/decorate/set-profile-background',
    'Set the profile background',
    { body: profileBackgroundBodySchema },
  ),
  signupJob(
    'decorate_configure_showcase',
    'steam/decorate/configure-showcase',
    'Configure a profile showcase',
    { body: showcaseBodySchema },
  ),
  signupJob('edit_profile_info', 'edit-profile-info', 'Edit the profile fields', {
    body: editProfileBodySchema,
  }),
  signupJob(
    'reset_inventory_notification_counter',
    'reset-inventory-notification-counter',
    'Reset the new-items counter',
  ),
  signupJob(
    'import_mafile',
    'import-mafile',
    'Import a maFile (SDA): its secrets go to the vault; enable 2FA steps count as done',
    {
      body: maFileBodySchema,
      description:
        'Not in the spec: the way in for accounts whose authenticator was set up elsewhere. Session.SteamID ' +
        'may be a bare JSON number (as SDA writes it): the body is parsed without rounding. 400 when the ' +
        "SteamID is missing, not digits or outside the accounts' range; 409 when account_name or SteamID " +
        "differ from the account's (unless confirm_account_name) or the SteamID belongs to another account.",
    },
  ),
  defineRoute({
    id: 'bot-signup.create_from_mafile',
    method: 'POST',
    path: '/api-node/singup/import-mafile/',
    tag: 'bot-signup',
    summary: 'Create a Steam account from a maFile (SDA): name, SteamID and secrets (in the vault)',
    description:
      'Not in the spec. The 2FA steps count as done. 400 when the maFile is not one, its SteamID is ' +
      'missing, not digits or out of range, or the name or SteamID is already taken.',
    body: maFileCreateBodySchema,
    response: maFileCreatedSchema,
    status: 201,
  }),
  waitedJobRoute(
    'bot-signup.decorate_profile_settings',
    '/api-node/singup/{id}/steam/decorate/profile-settings/',
    'The profile settings (names, privacy, theme, badge, showcases, owned backgrounds)',
    'bot-signup',
  ),
  waitedJobRoute(
    'bot-signup.decorate_available_emotions',
    '/api-node/singup/{id}/steam/decorate/available-emotions/',
    'The emoticons the account owns',
    'bot-signup',
  ),
  defineRoute({
    id: 'bot-signup.get_random_avatars',
    method: 'POST',
    path: '/api-node/singup/get-random-avatars/',
    tag: 'bot-signup',
    summary: 'Names of random avatars to choose from (no Steam call)',
    body: z.object({ count: z.number().int().min(1).max(50).default(6) }).optional(),
    response: z.object({ results: z.array(z.object({ name: z.string(), url: z.string() })) }),
  }),
];
