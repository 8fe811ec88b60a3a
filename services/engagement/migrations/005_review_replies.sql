-- Up Migration
-- The owning provider's one reply to a review (editable): its text, when it was first written and last edited, and by whom.
ALTER TABLE reviews
  ADD COLUMN reply_text text,
  ADD COLUMN reply_created_at timestamptz,
  ADD COLUMN reply_updated_at timestamptz,
  ADD COLUMN reply_by uuid;

-- Down Migration
ALTER TABLE reviews DROP COLUMN reply_by, DROP COLUMN reply_updated_at, DROP COLUMN reply_created_at, DROP COLUMN reply_text;
