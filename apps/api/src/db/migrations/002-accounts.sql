-- Accounts, sessions, one-time secrets and outgoing mail (DESIGN §5, §6). PostgreSQL 15 and PGlite (18).
-- Every secret a client holds (refresh token, code, link token) is stored only as a hash.

CREATE TABLE users (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email                  text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  -- NULL for accounts that only ever signed in with Google.
  password_hash          text,
  first_name             text NOT NULL DEFAULT '' CHECK (length(first_name) <= 60),
  last_name              text NOT NULL DEFAULT '' CHECK (length(last_name) <= 60),
  display_name           text NOT NULL DEFAULT '' CHECK (length(display_name) <= 60),
  phone_number           text CHECK (phone_number ~ '^\+[1-9][0-9]{6,14}$'),
  phone_verified         boolean NOT NULL DEFAULT false,
  email_verified         boolean NOT NULL DEFAULT false,
  language               text NOT NULL DEFAULT 'it' CHECK (language IN ('it', 'en')),
  terms_accepted         boolean NOT NULL DEFAULT false,
  newsletter_subscribed  boolean NOT NULL DEFAULT false,
  auth_provider          text NOT NULL DEFAULT 'password' CHECK (auth_provider IN ('password', 'google')),
  google_issuer          text,
  google_sub             text,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((google_issuer IS NULL) = (google_sub IS NULL)),
  UNIQUE (google_issuer, google_sub)
);
-- Mario@Example.it and mario@example.it are one account.
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));

-- A session is one refresh-token family: every rotation stays in it, and revoking it ends them all.
CREATE TABLE auth_sessions (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  revoked_at     timestamptz,
  revoke_reason  text CHECK (revoke_reason IN ('logout', 'reuse', 'password_reset', 'account_secured'))
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE refresh_tokens (
  id           uuid PRIMARY KEY,
  family_id    uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz,
  -- Set when rotated: presenting a token that has a successor is a replay.
  replaced_by  uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);

-- Six-digit codes (e-mail now, phone later): keyed HMAC, 10 minutes, single use, void after 5 tries.
CREATE TABLE one_time_codes (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose      text NOT NULL CHECK (purpose IN ('email_verification', 'phone_verification')),
  target       text NOT NULL,
  code_hash    text NOT NULL,
  expires_at   timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_lookup_idx ON one_time_codes (user_id, purpose, target, created_at DESC);
CREATE INDEX one_time_codes_expires_idx ON one_time_codes (expires_at);

-- Single-use 256-bit tokens: e-mail links, password reset, one-time login, Google hand-over and state.
CREATE TABLE action_tokens (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash   text NOT NULL UNIQUE,
  purpose      text NOT NULL CHECK (
    purpose IN ('email_verification', 'password_reset', 'login', 'google_exchange', 'google_state')
  ),
  -- NULL for Google state (no user yet) and for the stand-in rows of resets asked for unknown addresses.
  user_id      uuid REFERENCES users (id) ON DELETE CASCADE,
  -- The lower-cased address a link was sent to: it must still be the account's address when used.
  target       text,
  payload      jsonb,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX action_tokens_user_idx ON action_tokens (user_id, purpose);
CREATE INDEX action_tokens_expires_idx ON action_tokens (expires_at);

-- Resend cooldowns, keyed by purpose and address whether or not an account exists, so the answer
-- never tells which addresses are registered.
CREATE TABLE send_cooldowns (
  key          text PRIMARY KEY,
  until        timestamptz NOT NULL
);
CREATE INDEX send_cooldowns_until_idx ON send_cooldowns (until);

CREATE TABLE mail_outbox (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address   text NOT NULL,
  subject      text NOT NULL,
  text_body    text NOT NULL,
  html_body    text NOT NULL,
  language     text NOT NULL CHECK (language IN ('it', 'en')),
  template     text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  sent_at      timestamptz,
  attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error   text
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), id DESC);
