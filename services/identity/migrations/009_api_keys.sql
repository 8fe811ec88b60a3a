-- Up Migration
-- API keys (docs/decisions.md, "API keys"): an organisation's keys for its CRM to pull leads and set their status.
-- Only the key's SHA-256 is kept (the key itself is shown once); `start` is its first characters, to tell keys apart.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  start text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL CHECK (scopes <@ ARRAY['leads:read', 'leads:write']::text[] AND cardinality(scopes) > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_organisation_idx ON api_keys (organisation_id, created_at DESC);

-- Down Migration
DROP TABLE api_keys;
