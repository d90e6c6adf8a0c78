-- Web Push, reminders and their one-tap links (decisions 045, 046). PostgreSQL 15 and PGlite (18).

-- A browser's push subscription (RFC 8030): where to POST and the keys that encrypt for it (RFC 8291).
-- The endpoint is a capability URL of the browser's push service; it names one browser, so it is unique.
CREATE TABLE push_subscriptions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint    text NOT NULL UNIQUE CHECK (length(endpoint) <= 2048),
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at);

-- Pushes waiting to be sent, like the mail outbox (decision 014): due while neither sent nor given up
-- and next_attempt_at has passed; a process about to send one moves next_attempt_at forward (a lease)
-- under FOR UPDATE SKIP LOCKED, so several processes never send one push at once. A subscription that
-- goes away takes its pushes with it.
CREATE TABLE push_outbox (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id  uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('hold', 'reminder', 'booking', 'alert')),
  -- The notification as the service worker shows it: title, body, tap target, actions (decision 045).
  payload          jsonb NOT NULL,
  -- The push service keeps an undelivered message no longer than this (RFC 8030 TTL).
  ttl_seconds      integer NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  sent_at          timestamptz,
  failed_at        timestamptz,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Which kinds a diner wants pushed, beside the e-mail settings (no row: every kind on).
ALTER TABLE notification_settings
  ADD COLUMN push_holds     boolean NOT NULL DEFAULT true,
  ADD COLUMN push_reminders boolean NOT NULL DEFAULT true,
  ADD COLUMN push_bookings  boolean NOT NULL DEFAULT true,
  ADD COLUMN push_alerts    boolean NOT NULL DEFAULT true;

-- One reminder per booking (decision 046): written when it is sent, so a booking has a row once its
-- reminder went out; the worker takes due bookings with FOR UPDATE SKIP LOCKED and inserts here in
-- the same transaction (the primary key makes a second send impossible). attended_at: "Ci sarò".
CREATE TABLE reservation_reminders (
  reservation_id  uuid PRIMARY KEY REFERENCES reservations (id) ON DELETE CASCADE,
  sent_at         timestamptz NOT NULL DEFAULT now(),
  attended_at     timestamptz
);
-- Upcoming bookings by start, for the reminder worker's scan of what falls due.
CREATE INDEX reservations_live_starts_idx ON reservations (starts_at) WHERE status IN ('pending', 'confirmed');

-- The reminder's two signed, single-use links, expiring at the booking's start.
ALTER TABLE action_tokens DROP CONSTRAINT action_tokens_purpose_check;
ALTER TABLE action_tokens ADD CONSTRAINT action_tokens_purpose_check CHECK (
  purpose IN ('email_verification', 'password_reset', 'login', 'google_exchange', 'google_state', 'email_change',
              'hold_confirm', 'reminder_release', 'reminder_attend')
);
