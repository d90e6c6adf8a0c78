-- Moving a booking (decision 025). PostgreSQL 15 and PGlite (18).

-- The version of a booking's calendar event (.ics SEQUENCE, RFC 5545 §3.8.7.4). The event's UID is the
-- reservation id, so a calendar app replaces the event it holds only when the SEQUENCE grows: each
-- move and the cancellation add one, and the mail that goes with them carries the new value.
-- Existing bookings start at 0, the value their booking mail was sent with.
ALTER TABLE reservations ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0 CHECK (calendar_sequence >= 0);
