-- Up Migration
-- Organisations (docs/decisions.md, "Organisations and roles"): a hotel group owns its properties and has members,
-- each with grants: a role for every property ('*') and/or for one property (its hotel id as text). An
-- organisation's id is its founder's account id, so the provider_id every service keeps on its hotels is the
-- organisation's id: the listings existing providers have need no change anywhere.
CREATE TABLE organisations (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  founder_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One organisation per account (user_id is the key); removing the account removes its membership.
CREATE TABLE organisation_members (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  grants jsonb NOT NULL CHECK (jsonb_typeof(grants) = 'object'),
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organisation_members_organisation_idx ON organisation_members (organisation_id);

-- Single-use invitations, stored as the SHA-256 of their token only (the token leaves sealed in the invitation event).
CREATE TABLE organisation_invitations (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  grants jsonb NOT NULL CHECK (jsonb_typeof(grants) = 'object'),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organisation_invitations_open_idx ON organisation_invitations (organisation_id, email) WHERE accepted_at IS NULL AND cancelled_at IS NULL;

-- The activity log: who changed which listing, lead status or reply (from the services' organisation.activity
-- events; id is the event's id, so a repeated event adds nothing) and the team's own changes.
CREATE TABLE organisation_activity (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
  actor_id uuid,
  actor_email text NOT NULL,
  action text NOT NULL,
  hotel_id integer,
  hotel_name text,
  subject_id text,
  detail text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organisation_activity_recent_idx ON organisation_activity (organisation_id, at DESC, id DESC);
CREATE INDEX organisation_activity_actor_idx ON organisation_activity (actor_id) WHERE actor_id IS NOT NULL;

-- Every existing provider becomes the owner of an organisation holding its listings (its own id, so the hotels
-- filed under the provider are the organisation's), named after its company (else its address).
INSERT INTO organisations (id, name, founder_id, created_at)
  SELECT id, left(coalesce(nullif(btrim(company_name), ''), email), 100), id, created_at FROM users WHERE is_provider
  ON CONFLICT (id) DO NOTHING;
INSERT INTO organisation_members (user_id, organisation_id, grants, joined_at)
  SELECT id, id, '{"*": "owner"}'::jsonb, created_at FROM users WHERE is_provider
  ON CONFLICT (user_id) DO NOTHING;

-- A provider account is always in an organisation: one that becomes a provider (set up, seeded, created as one)
-- outside any founds its own, whatever path set the flag. Accepting an invitation adds the membership first.
CREATE FUNCTION provider_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_provider AND NOT EXISTS (SELECT 1 FROM organisation_members WHERE user_id = NEW.id) THEN
    INSERT INTO organisations (id, name, founder_id)
      VALUES (NEW.id, left(coalesce(nullif(btrim(NEW.company_name), ''), NEW.email), 100), NEW.id) ON CONFLICT (id) DO NOTHING;
    INSERT INTO organisation_members (user_id, organisation_id, grants) VALUES (NEW.id, NEW.id, '{"*": "owner"}'::jsonb)
      ON CONFLICT (user_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_provider_organisation AFTER INSERT OR UPDATE OF is_provider ON users FOR EACH ROW EXECUTE FUNCTION provider_organisation();

-- Down Migration
DROP TRIGGER users_provider_organisation ON users;
DROP FUNCTION provider_organisation();
DROP TABLE organisation_activity;
DROP TABLE organisation_invitations;
DROP TABLE organisation_members;
DROP TABLE organisations;
