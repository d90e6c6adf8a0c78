-- Mail belongs to the person it was written for, not to whoever holds the address today (decision
-- 034). PostgreSQL 15 and PGlite (18).

-- The account a message was written for; null for mail to someone without an account (the
-- confirmation of a deletion). The export reads a person's mail by this column only, and a deletion
-- deletes by it: an address can pass from one person to another, a user id cannot.
ALTER TABLE mail_outbox ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE SET NULL;

-- Mail stored before this column existed goes to the account that held its address when the mail
-- was written: the address's current owner, and only for mail written after that owner registered
-- (an older mail to the address was someone else's, or no one's).
UPDATE mail_outbox m SET user_id = u.id
FROM users u
WHERE (lower(m.to_address) = lower(u.email) OR m.to_address = u.phone_number)
  AND m.created_at >= u.created_at;

CREATE INDEX mail_outbox_user_idx ON mail_outbox (user_id, id) WHERE user_id IS NOT NULL;
