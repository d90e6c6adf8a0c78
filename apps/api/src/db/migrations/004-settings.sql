-- Settings (decision 008): phone verification, e-mail change, password change, notification preferences
-- and favorites. PostgreSQL 15 and PGlite (18).

-- E-mail change links (DESIGN §5: 256-bit, hashed, single use) live beside the other link tokens.
ALTER TABLE action_tokens DROP CONSTRAINT action_tokens_purpose_check;
ALTER TABLE action_tokens ADD CONSTRAINT action_tokens_purpose_check CHECK (
  purpose IN ('email_verification', 'password_reset', 'login', 'google_exchange', 'google_state', 'email_change')
);

-- A password change ends the user's other sessions, and says so.
ALTER TABLE auth_sessions DROP CONSTRAINT auth_sessions_revoke_reason_check;
ALTER TABLE auth_sessions ADD CONSTRAINT auth_sessions_revoke_reason_check CHECK (
  revoke_reason IN ('logout', 'reuse', 'password_reset', 'account_secured', 'password_change')
);

-- A number is verified by one account at most; unverified copies (typed, never proved) may repeat.
CREATE UNIQUE INDEX users_verified_phone_idx ON users (phone_number) WHERE phone_verified;

-- Notification preferences, one row per user once saved. No row means the defaults below, so
-- readers (e.g. Last Minute city alerts) use: COALESCE(ns.enabled, true), COALESCE(ns.favorite_restaurants,
-- false), COALESCE(ns.weekends_only, false) over a LEFT JOIN.
CREATE TABLE notification_settings (
  user_id               uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- Master switch: false means no notification of any kind is sent.
  enabled               boolean NOT NULL DEFAULT true,
  -- Only offers from restaurants in the user's favorites.
  favorite_restaurants  boolean NOT NULL DEFAULT false,
  -- Only offers for Friday, Saturday and Sunday (no alerts Monday to Thursday).
  weekends_only         boolean NOT NULL DEFAULT false,
  updated_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE favorites (
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  restaurant_id  uuid NOT NULL REFERENCES restaurants (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, restaurant_id)
);
-- The list newest first, and "who saved this restaurant" for offer alerts.
CREATE INDEX favorites_user_created_idx ON favorites (user_id, created_at DESC);
CREATE INDEX favorites_restaurant_idx ON favorites (restaurant_id);
