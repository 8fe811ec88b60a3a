-- Up Migration
-- An email address is proved before it speaks for a person: when it was verified (null: not yet),
-- and the address an email change waits to confirm (the account's email stays `email` until then).
-- Accounts made before this migration were never proved: they start unverified (the seed verifies its own).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
ALTER TABLE users ADD COLUMN pending_email text CHECK (pending_email = lower(pending_email));

-- Single-use verification links, stored hashed (SHA-256, never the token), like password reset tokens.
-- `email` is the address the link proves; `purpose` says what opening it does: `verify` proves the
-- account's current address, `change` makes `email` the account's address. `reason` is why it was sent
-- (registration, resend, change), which the hourly limits count.
CREATE TABLE email_verification_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  purpose text NOT NULL CHECK (purpose IN ('verify', 'change')),
  reason text NOT NULL CHECK (reason IN ('registration', 'resend', 'change')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verification_tokens_user_idx ON email_verification_tokens (user_id, created_at);

-- Down Migration
DROP TABLE email_verification_tokens;
ALTER TABLE users DROP COLUMN pending_email;
ALTER TABLE users DROP COLUMN email_verified_at;
