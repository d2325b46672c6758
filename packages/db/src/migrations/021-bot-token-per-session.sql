-- Issue 14: the bot services' app token was one per installation, kept in clear in app_setting, and it
-- never rotated nor ended at logout. Now every operator session has its own, issued at login and stored as
-- a hash beside the session's; the bot services look it up here, so logout and expiry revoke it.
DELETE FROM app_setting WHERE key = 'bot_token';

-- Sessions opened before have no bot token: their operators sign in once more.
DELETE FROM operator_session;
ALTER TABLE operator_session ADD COLUMN bot_token_hash text NOT NULL;
CREATE UNIQUE INDEX operator_session_bot_token_idx ON operator_session (bot_token_hash);
