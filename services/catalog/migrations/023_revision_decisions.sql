-- Up Migration
-- A provider's change to a live listing that an admin rejected is kept, with the reason, for the provider to fix
-- and send again (their next save makes it pending again) or discard; only pending ones are in the admin's queue.
-- Who decided is in admin_audit, as for every other decision.
ALTER TABLE hotel_revisions
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected')),
  ADD COLUMN rejection_reason text,
  ADD COLUMN decided_at timestamptz;
DROP INDEX hotel_revisions_submitted_idx;
CREATE INDEX hotel_revisions_pending_idx ON hotel_revisions (submitted_at, hotel_id) WHERE status = 'pending';

-- A city typed for a listing stays out of the public city list until a listing in it is approved (then for good):
-- the seed's cities and the places of live listings are public; a place only listings in review or rejected name is not.
ALTER TABLE cities ADD COLUMN is_public boolean NOT NULL DEFAULT true;
UPDATE cities c SET is_public = false
 WHERE EXISTS (SELECT 1 FROM hotels h WHERE h.city_id = c.id) AND NOT EXISTS (SELECT 1 FROM hotels h WHERE h.city_id = c.id AND h.is_approved);

-- Down Migration
DROP INDEX hotel_revisions_pending_idx;
CREATE INDEX hotel_revisions_submitted_idx ON hotel_revisions (submitted_at);
ALTER TABLE hotel_revisions DROP COLUMN decided_at, DROP COLUMN rejection_reason, DROP COLUMN status;
ALTER TABLE cities DROP COLUMN is_public;
