-- Undelivered mail is retried from the outbox (decision 014). A row is due while it is neither sent
-- nor given up and its next_attempt_at has passed; a process about to deliver it first moves
-- next_attempt_at forward (a lease), so several API processes never send one message at once.
ALTER TABLE mail_outbox
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN failed_at timestamptz,
  -- One Message-ID for every attempt: a receiver that got a message whose acknowledgement was lost
  -- recognises the copy sent again.
  ADD COLUMN message_id uuid NOT NULL DEFAULT gen_random_uuid();

-- Mail stored before this migration and never delivered is due now.
UPDATE mail_outbox SET next_attempt_at = now() WHERE sent_at IS NULL;

CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at)
  WHERE sent_at IS NULL AND failed_at IS NULL;
