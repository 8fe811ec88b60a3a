-- Up Migration
-- A provider's changes to an approved listing's reviewed fields (name, location, booking URL, lead
-- address, photos), waiting for an admin; the hotel row keeps the approved values meanwhile. One
-- revision per hotel: a later edit is merged into it.
CREATE TABLE hotel_revisions (
  hotel_id bigint PRIMARY KEY REFERENCES hotels (id) ON DELETE CASCADE,
  fields jsonb NOT NULL,
  submitted_by uuid,
  submitted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hotel_revisions_submitted_idx ON hotel_revisions (submitted_at);

-- Down Migration
DROP TABLE hotel_revisions;
