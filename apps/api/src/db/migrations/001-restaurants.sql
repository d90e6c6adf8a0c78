-- Cities, restaurants and their tables (DESIGN §4). Written for PostgreSQL 15 and PGlite (18).
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE cities (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
  name_it     text NOT NULL,
  name_en     text NOT NULL,
  region      text NOT NULL,
  province    text NOT NULL,
  lat         double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng         double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  population  integer NOT NULL DEFAULT 0 CHECK (population >= 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cities_earth_idx ON cities USING gist (ll_to_earth(lat, lng));

-- Every spelling a diner may type (Milano, Milan, MILANO...), stored normalised by the app.
CREATE TABLE city_aliases (
  key      text PRIMARY KEY,
  city_id  integer NOT NULL REFERENCES cities (id) ON DELETE CASCADE
);
CREATE INDEX city_aliases_city_idx ON city_aliases (city_id);

CREATE TABLE restaurants (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  city_id         integer NOT NULL REFERENCES cities (id),
  name            text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  type            text NOT NULL,
  categories      text[] NOT NULL CHECK (cardinality(categories) BETWEEN 1 AND 9),
  description_it  text NOT NULL DEFAULT '',
  description_en  text NOT NULL DEFAULT '',
  address         text NOT NULL,
  phone           text NOT NULL,
  image_key       text NOT NULL,
  rating          numeric(2, 1) NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  price_range     smallint NOT NULL DEFAULT 2 CHECK (price_range BETWEEN 1 AND 4),
  opening_hours   jsonb NOT NULL,
  time_zone       text NOT NULL DEFAULT 'Europe/Rome',
  lat             double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng             double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  auto_confirm    boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- Search is "restaurants of a city, best rated first", optionally narrowed by cuisine.
CREATE INDEX restaurants_city_rating_idx ON restaurants (city_id, rating DESC, name, id);
CREATE INDEX restaurants_categories_idx ON restaurants USING gin (categories);
CREATE INDEX restaurants_type_rating_idx ON restaurants (type, rating DESC, name, id);
CREATE INDEX restaurants_earth_idx ON restaurants USING gist (ll_to_earth(lat, lng));

CREATE TABLE restaurant_tables (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  restaurant_id  uuid NOT NULL REFERENCES restaurants (id) ON DELETE CASCADE,
  number         integer NOT NULL CHECK (number > 0),
  capacity       integer NOT NULL CHECK (capacity BETWEEN 1 AND 20),
  active         boolean NOT NULL DEFAULT true,
  UNIQUE (restaurant_id, number)
);
