-- Table reservations (decision 007, DESIGN §4). PostgreSQL 15 and PGlite (18).
-- A double booking is impossible whatever the application does: the exclusion constraint refuses a
-- second live seating that overlaps another on the same table (SQLSTATE 23P01, answered as 409).

-- Lets a reservation name its table and restaurant together, so the pair is checked by a foreign key.
ALTER TABLE restaurant_tables ADD CONSTRAINT restaurant_tables_id_restaurant_key UNIQUE (id, restaurant_id);

CREATE TABLE reservations (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  restaurant_id     uuid NOT NULL,
  table_id          uuid NOT NULL,
  -- The seating as instants; the restaurant's wall-clock date and time are derived with its time zone.
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  party_size        smallint NOT NULL CHECK (party_size BETWEEN 1 AND 10),
  special_requests  text NOT NULL DEFAULT '' CHECK (length(special_requests) <= 500),
  -- 'completed' is derived on read from ends_at (docs/decisions/007); it is allowed here for a later sweep.
  status            text NOT NULL CHECK (status IN ('pending', 'confirmed', 'completed', 'rejected', 'cancelled')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  cancelled_at      timestamptz,
  CHECK (ends_at > starts_at),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  -- No ON DELETE: a table or restaurant with bookings is deactivated, never deleted with its history.
  FOREIGN KEY (table_id, restaurant_id) REFERENCES restaurant_tables (id, restaurant_id),
  -- '[)' ranges: a seating may start exactly when the previous one on the table ends.
  CONSTRAINT reservations_no_double_booking EXCLUDE USING gist (
    table_id WITH =,
    tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status IN ('pending', 'confirmed'))
);
-- A diner's history, newest seating first.
CREATE INDEX reservations_user_starts_idx ON reservations (user_id, starts_at DESC);
-- A restaurant's bookings of a day, for availability.
CREATE INDEX reservations_restaurant_starts_idx ON reservations (restaurant_id, starts_at);

-- The first answer to a request sent with an Idempotency-Key, replayed to retries of the same
-- request. Keyed per user and operation; `request_hash` tells a retry from a different request.
CREATE TABLE idempotency_keys (
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  operation     text NOT NULL,
  key           text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  request_hash  text NOT NULL,
  status_code   integer NOT NULL,
  response      jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, operation, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Calendar invitations (.ics) travel with the booking mails; the outbox keeps them like the bodies.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
