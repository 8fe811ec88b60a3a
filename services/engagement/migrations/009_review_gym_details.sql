-- Up Migration
-- A review's gym details (docs/decisions.md, "Review gym sub-scores and the crowding chart"): four sub-scores,
-- when the reviewer trained (an hour of the day, or only a band of it) and what they trained; all optional.
ALTER TABLE reviews
  ADD COLUMN equipment_score smallint CHECK (equipment_score BETWEEN 1 AND 5),
  ADD COLUMN space_score smallint CHECK (space_score BETWEEN 1 AND 5),
  ADD COLUMN cleanliness_score smallint CHECK (cleanliness_score BETWEEN 1 AND 5),
  ADD COLUMN crowding_score smallint CHECK (crowding_score BETWEEN 1 AND 5),
  ADD COLUMN trained_hour smallint CHECK (trained_hour BETWEEN 0 AND 23),
  ADD COLUMN trained_band text CHECK (trained_band IN ('early', 'morning', 'midday', 'afternoon', 'evening', 'late')),
  ADD COLUMN trained_kinds text[] NOT NULL DEFAULT '{}';

-- A traveller's gym photos: uploaded first (review_id NULL, user_id the uploader), then named by the review they
-- submit. Files are named by the hash of the stripped photo (file_id) in engagement's own photo storage; a photo
-- goes with its review (rejected or deleted) and its files once no other row names them.
CREATE TABLE review_photos (
  id uuid PRIMARY KEY,
  file_id text NOT NULL CHECK (file_id ~ '^[a-f0-9]{32}$'),
  user_id uuid,
  review_id uuid REFERENCES reviews (id) ON DELETE CASCADE,
  position smallint NOT NULL DEFAULT 0,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX review_photos_review_idx ON review_photos (review_id, position);
CREATE INDEX review_photos_user_idx ON review_photos (user_id) WHERE review_id IS NULL;
CREATE INDEX review_photos_file_idx ON review_photos (file_id);

-- Down Migration
DROP TABLE review_photos;
ALTER TABLE reviews
  DROP COLUMN trained_kinds,
  DROP COLUMN trained_band,
  DROP COLUMN trained_hour,
  DROP COLUMN crowding_score,
  DROP COLUMN cleanliness_score,
  DROP COLUMN space_score,
  DROP COLUMN equipment_score;
