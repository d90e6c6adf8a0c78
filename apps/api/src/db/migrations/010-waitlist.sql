-- The waitlist that holds a freed table for the first in line (decision 029).
-- PostgreSQL 15 and PGlite (18).

-- A hold is a reservation offered to a waiting diner: it takes the table (or the offer's seats) like
-- a booking until the diner confirms it (then pending/confirmed), declines it or lets it lapse
-- (then 'released', which occupies nothing and is never shown as a booking).
ALTER TABLE reservations DROP CONSTRAINT reservations_status_check;
ALTER TABLE reservations ADD CONSTRAINT reservations_status_check
  CHECK (status IN ('pending', 'confirmed', 'completed', 'rejected', 'cancelled', 'held', 'released'));
ALTER TABLE reservations ADD COLUMN hold_expires_at timestamptz;
ALTER TABLE reservations ADD CONSTRAINT reservations_held_expires CHECK (status <> 'held' OR hold_expires_at IS NOT NULL);

-- A held table is taken: nobody else can book it while the hold lasts.
ALTER TABLE reservations DROP CONSTRAINT reservations_no_double_booking;
ALTER TABLE reservations ADD CONSTRAINT reservations_no_double_booking EXCLUDE USING gist (
  table_id WITH =,
  tstzrange(starts_at, ends_at) WITH &&
) WHERE (status IN ('pending', 'confirmed', 'held'));

-- Due holds, for the expiry worker of every process.
CREATE INDEX reservations_held_expiry_idx ON reservations (hold_expires_at) WHERE status = 'held';

CREATE TABLE waitlist_entries (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order of the line: earliest joined first, exact even for entries written in one instant.
  queue_no        bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  restaurant_id   uuid NOT NULL REFERENCES restaurants (id) ON DELETE CASCADE,
  -- Set for seats of a Last Minute offer; null for a table of the restaurant.
  offer_id        uuid REFERENCES offers (id) ON DELETE CASCADE,
  -- The restaurant's wall-clock date and window, as the diner asked ("HH:MM").
  wanted_date     date NOT NULL,
  time_from       text NOT NULL CHECK (time_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_to         text NOT NULL CHECK (time_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- The same window as instants: a seating starting in [window_starts_at, window_ends_at] fits.
  window_starts_at timestamptz NOT NULL,
  window_ends_at  timestamptz NOT NULL,
  party_size      smallint NOT NULL CHECK (party_size BETWEEN 1 AND 10),
  -- waiting: in line; held: a hold is offered; booked: the hold was confirmed; declined / lapsed:
  -- the hold was refused or expired; left: the diner left the line. A window that has passed ends
  -- the entry on read (like 'completed', decision 007).
  status          text NOT NULL DEFAULT 'waiting'
                  CHECK (status IN ('waiting', 'held', 'booked', 'declined', 'lapsed', 'left')),
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (window_ends_at >= window_starts_at)
);
-- The line of a restaurant (or offer), in order.
CREATE INDEX waitlist_entries_line_idx ON waitlist_entries (restaurant_id, queue_no) WHERE status = 'waiting';
CREATE INDEX waitlist_entries_user_idx ON waitlist_entries (user_id, created_at DESC);

-- Which entry a hold was offered to; one live hold per entry, so a hold is never offered twice.
ALTER TABLE reservations ADD COLUMN waitlist_entry_id uuid REFERENCES waitlist_entries (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX reservations_one_hold_per_entry ON reservations (waitlist_entry_id) WHERE status = 'held';

-- The one-tap confirm link of a hold mail: signed, single use, expiring with the hold.
ALTER TABLE action_tokens DROP CONSTRAINT action_tokens_purpose_check;
ALTER TABLE action_tokens ADD CONSTRAINT action_tokens_purpose_check CHECK (
  purpose IN ('email_verification', 'password_reset', 'login', 'google_exchange', 'google_state', 'email_change', 'hold_confirm')
);
