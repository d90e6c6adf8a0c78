-- Last Minute offers, their bookings and city alerts (decision 009, DESIGN §4). PostgreSQL 15 and PGlite (18).
-- Overselling is impossible whatever the application does: seats only ever move through one
-- conditional UPDATE, and CHECK (available_seats >= 0) refuses anything that would go below zero.

CREATE TABLE offers (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  restaurant_id    uuid NOT NULL REFERENCES restaurants (id) ON DELETE CASCADE,
  -- The restaurant's wall-clock date and times, as diners read them ("HH:MM").
  offer_date       date NOT NULL,
  start_time       text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time         text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  book_until       text NOT NULL CHECK (book_until ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- The same moments as instants, computed from the restaurant's time zone by the writer
  -- (packages/shared/src/offers.ts offerDeadline): every "is it still bookable" is one comparison.
  starts_at        timestamptz NOT NULL,
  ends_at          timestamptz NOT NULL,
  book_until_at    timestamptz NOT NULL,
  total_seats      integer NOT NULL CHECK (total_seats BETWEEN 1 AND 500),
  available_seats  integer NOT NULL,
  categories       text[] NOT NULL CHECK (cardinality(categories) BETWEEN 1 AND 9),
  discount_percent smallint CHECK (discount_percent BETWEEN 1 AND 90),
  description_it   text NOT NULL DEFAULT '' CHECK (length(description_it) <= 2000),
  description_en   text NOT NULL DEFAULT '' CHECK (length(description_en) <= 2000),
  -- Copied from the restaurant (kept in step by the trigger below) so the hot geo and city reads
  -- find live offers from one index without visiting 50,000 restaurants.
  city_id          integer NOT NULL REFERENCES cities (id),
  lat              double precision NOT NULL,
  lng              double precision NOT NULL,
  -- The point on the earth cube, computed once per write: ll_to_earth is costly, and a radius
  -- search would otherwise recompute it for every offer in the box.
  earth_point      earth GENERATED ALWAYS AS (ll_to_earth(lat, lng)) STORED,
  -- Demo offers of the seed are refreshed for today on a later start; imported ones never are.
  source           text NOT NULL DEFAULT 'import' CHECK (source IN ('seed', 'import')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT offers_available_seats_not_negative CHECK (available_seats >= 0),
  CONSTRAINT offers_available_within_total CHECK (available_seats <= total_seats),
  CHECK (ends_at > starts_at),
  CHECK (book_until_at <= starts_at)
);
-- A city's (and its neighbours') live offers, most urgent first.
CREATE INDEX offers_city_deadline_idx ON offers (city_id, book_until_at);
-- Nearest live offers to a point: KNN on the earth cube, narrowed to live ones by the deadline
-- (btree_gist lets the timestamp share the GiST index).
CREATE INDEX offers_earth_deadline_idx ON offers USING gist (earth_point, book_until_at);
CREATE INDEX offers_restaurant_idx ON offers (restaurant_id, offer_date);
CREATE INDEX offers_source_deadline_idx ON offers (source, book_until_at);

CREATE FUNCTION offers_follow_restaurant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers SET city_id = NEW.city_id, lat = NEW.lat, lng = NEW.lng WHERE restaurant_id = NEW.id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER restaurants_move_offers
  AFTER UPDATE OF city_id, lat, lng ON restaurants
  FOR EACH ROW
  WHEN (OLD.city_id IS DISTINCT FROM NEW.city_id OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng)
  EXECUTE FUNCTION offers_follow_restaurant();

-- An offer booking is a reservation without a table: history, cancelling, "completed" and the
-- booking mails work the same for both. Exactly one of table and offer is named.
ALTER TABLE reservations ALTER COLUMN table_id DROP NOT NULL;
ALTER TABLE reservations ADD COLUMN offer_id uuid REFERENCES offers (id);
ALTER TABLE reservations ADD CONSTRAINT reservations_table_or_offer CHECK ((table_id IS NULL) <> (offer_id IS NULL));
CREATE INDEX reservations_offer_idx ON reservations (offer_id) WHERE offer_id IS NOT NULL;

-- "Tell me when a table frees up in this city" (registerCityAvailabilityInterest).
CREATE TABLE city_interests (
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  city_id         integer NOT NULL REFERENCES cities (id) ON DELETE CASCADE,
  include_nearby  boolean NOT NULL DEFAULT false,
  radius_km       smallint NOT NULL DEFAULT 10 CHECK (radius_km BETWEEN 1 AND 50),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, city_id)
);
CREATE INDEX city_interests_city_idx ON city_interests (city_id);
