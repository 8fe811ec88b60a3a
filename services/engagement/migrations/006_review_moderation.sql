-- Up Migration
-- A rejection keeps the moderator's reason (emailed to the reviewer and shown to admins), and each
-- review remembers which admin decided it by email as well as by id, for the moderation list.
ALTER TABLE reviews
  ADD COLUMN rejection_reason text,
  ADD COLUMN moderator_email text;

-- The reviewer's other reviews are counted in the moderation list.
CREATE INDEX reviews_user_idx ON reviews (user_id);
-- The moderation list's newest-first and oldest-first pages of any status.
CREATE INDEX reviews_created_idx ON reviews (created_at, id);

-- When each account was registered, from identity's user.registered events (never read from identity's
-- schema); accounts made before this projection existed stay unknown unless their event is still in Kafka.
CREATE TABLE reviewer_accounts (
  user_id uuid PRIMARY KEY,
  registered_at timestamptz NOT NULL
);

-- Who approved or rejected which review, when, and why: written in the decision's own transaction.
CREATE TABLE review_audit (
  id bigserial PRIMARY KEY,
  actor_id uuid NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL CHECK (action IN ('approved', 'rejected')),
  review_id uuid NOT NULL,
  review_title text,
  hotel_id integer NOT NULL,
  hotel_name text,
  reviewer_name text,
  detail text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX review_audit_newest_idx ON review_audit (created_at DESC, id DESC);

-- Down Migration
DROP TABLE review_audit;
DROP TABLE reviewer_accounts;
DROP INDEX reviews_created_idx;
DROP INDEX reviews_user_idx;
ALTER TABLE reviews DROP COLUMN moderator_email, DROP COLUMN rejection_reason;
