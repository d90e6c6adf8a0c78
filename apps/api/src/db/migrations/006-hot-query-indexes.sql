-- Indexes for hot queries that scanned a whole table at 50,000 restaurants (decision 013; the EXPLAIN
-- test apps/api/src/db/hot-query-plans.test.ts keeps every hot query off sequential scans).

-- getAvailableLastMinute without coordinates: every live offer, soonest deadline first. The city
-- and earth indexes of 005 lead with another column, so this list sorted the whole table.
CREATE INDEX offers_deadline_idx ON offers (book_until_at, id);
