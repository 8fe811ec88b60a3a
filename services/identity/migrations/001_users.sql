-- Up Migration
-- Accounts: every field of the spec's users entity (document 2, section 3). Emails are stored
-- lower-case and unique; the password is an argon2id hash.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email)),
  password_hash text NOT NULL,
  first_name text,
  last_name text,
  is_admin boolean NOT NULL DEFAULT false,
  is_traveler boolean NOT NULL DEFAULT true,
  is_provider boolean NOT NULL DEFAULT false,
  company_name text,
  country_code text NOT NULL DEFAULT '+1',
  phone_number text,
  bio text,
  profile_setup_complete boolean NOT NULL DEFAULT false,
  reward_points integer NOT NULL DEFAULT 0,
  preferred_equipment text[] NOT NULL DEFAULT '{}',
  accessibility_needs text[] NOT NULL DEFAULT '{}',
  -- The latest outstanding reset token (its SHA-256, never the token) and its expiry; the
  -- password_reset_tokens table holds every token and is what a reset is checked against.
  reset_token text,
  reset_token_expiry timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_created_at_idx ON users (created_at DESC);

-- Single-use password reset tokens, stored hashed, valid for one hour.
CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL;

-- Access tokens revoked by logout, kept until they would have expired anyway.
CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  user_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);

-- Down Migration
DROP TABLE revoked_tokens;
DROP TABLE password_reset_tokens;
DROP TABLE users;
