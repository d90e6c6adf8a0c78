-- Account deletion (decision 021). PostgreSQL 15 and PGlite (18).

-- Past bookings outlive their diner: the restaurant keeps its covers and history, the person goes.
-- Deleting a user leaves its reservations with no user; the deletion blanks their special requests
-- first, and the CHECK makes sure no kept booking still carries what the diner wrote.
ALTER TABLE reservations ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE reservations DROP CONSTRAINT reservations_user_id_fkey;
ALTER TABLE reservations ADD CONSTRAINT reservations_user_id_fkey
  FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE reservations ADD CONSTRAINT reservations_without_diner_anonymous
  CHECK (user_id IS NOT NULL OR special_requests = '');

-- The confirmation of a deletion is the one mail sent to someone without an account: once delivered,
-- its recipient is replaced by a hash of the address and its bodies are emptied, so the outbox keeps
-- that it was sent (and to whom, for whoever already knows the address) without keeping the address.
ALTER TABLE mail_outbox ADD COLUMN forget_recipient_when_sent boolean NOT NULL DEFAULT false;
