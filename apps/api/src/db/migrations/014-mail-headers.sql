-- Header fields a message carries beside the usual ones (decision 044): the alert mails'
-- List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058), kept with the message so every
-- delivery attempt sends the same ones.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb;
