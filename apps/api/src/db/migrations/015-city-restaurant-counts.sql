-- A city search's total without counting the city's rows (decision 077). At 50,000 restaurants a
-- count of Rome's pizzerias read all 7,662 of its restaurants, most of a search's time.
--
-- How many restaurants each city has: in all (category '') and per cuisine. The database keeps it
-- with every write of restaurants, whoever makes it (the catalogue import, a test's own insert),
-- as signed changes added in one order, so two imports at once each add their own and neither
-- recounts over the other.
CREATE TABLE city_restaurant_counts (
  city_id int NOT NULL REFERENCES cities (id) ON DELETE CASCADE,
  category text NOT NULL,
  restaurants int NOT NULL,
  PRIMARY KEY (city_id, category)
);

-- The one counting rule, for the triggers and the first fill alike: each restaurant in `added`
-- ([city_id, categories] pairs) counts once in its city and once per cuisine it names, however often
-- it names it; each in `removed` takes that away. Added in (city, cuisine) order.
CREATE FUNCTION city_restaurant_counts_add(added jsonb, removed jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO city_restaurant_counts AS k (city_id, category, restaurants)
  SELECT changed.city_id, counted.category, sum(changed.delta)::int
    FROM (SELECT (e ->> 0)::int AS city_id, e -> 1 AS categories, 1 AS delta FROM jsonb_array_elements(added) AS e
          UNION ALL
          SELECT (e ->> 0)::int, e -> 1, -1 FROM jsonb_array_elements(removed) AS e) AS changed
   CROSS JOIN LATERAL (SELECT '' UNION SELECT jsonb_array_elements_text(changed.categories)) AS counted (category)
   GROUP BY changed.city_id, counted.category
  HAVING sum(changed.delta) <> 0
   ORDER BY changed.city_id, counted.category
      ON CONFLICT (city_id, category) DO UPDATE SET restaurants = k.restaurants + excluded.restaurants
$$;

CREATE FUNCTION restaurants_keep_city_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added jsonb := '[]';
  removed jsonb := '[]';
BEGIN
  -- Each statement is planned when first run, so an insert never plans the read of old_rows.
  IF TG_OP <> 'DELETE' THEN
    added := (SELECT coalesce(jsonb_agg(jsonb_build_array(city_id, categories)), '[]') FROM new_rows);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    removed := (SELECT coalesce(jsonb_agg(jsonb_build_array(city_id, categories)), '[]') FROM old_rows);
  END IF;
  PERFORM city_restaurant_counts_add(added, removed);
  RETURN NULL;
END;
$$;

CREATE TRIGGER restaurants_counted_on_insert AFTER INSERT ON restaurants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION restaurants_keep_city_counts();
CREATE TRIGGER restaurants_counted_on_update AFTER UPDATE ON restaurants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION restaurants_keep_city_counts();
CREATE TRIGGER restaurants_counted_on_delete AFTER DELETE ON restaurants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION restaurants_keep_city_counts();

SELECT city_restaurant_counts_add(
  (SELECT coalesce(jsonb_agg(jsonb_build_array(city_id, categories)), '[]') FROM restaurants), '[]');

-- The cuisine beside the best-rated order, so a page of one cuisine finds its rows in the index
-- alone and reads only the twenty it shows. Built before the old one is dropped: building holds off
-- writes only, and the drop, which holds off reads too, is the last step before the commit.
CREATE INDEX restaurants_city_rating_cuisines_idx ON restaurants (city_id, rating DESC, name, id) INCLUDE (categories);
DROP INDEX restaurants_city_rating_idx;
