-- Codes that prove the person at the keyboard reads the account's mail (decision 036): the sign-in
-- past the per-account failure ceiling, and the deletion of an account without a password.
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (
  purpose IN ('email_verification', 'phone_verification', 'login_step_up', 'account_deletion')
);
