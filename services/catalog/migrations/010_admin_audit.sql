-- Up Migration
-- Who did what to which hotel, written in the same transaction as the admin action itself (so a
-- rolled-back action leaves no entry). No foreign key: the entry outlives a deleted hotel, so the
-- hotel's name is kept with it.
CREATE TABLE admin_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id uuid NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL CHECK (action IN ('created', 'edited', 'approved', 'rejected', 'deleted', 'revision_approved', 'revision_rejected')),
  hotel_id bigint NOT NULL,
  hotel_name text NOT NULL,
  -- The rejection reason, when there is one.
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_created_idx ON admin_audit (created_at DESC, id DESC);

-- Down Migration
DROP TABLE admin_audit;
