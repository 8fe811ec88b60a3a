-- Up Migration
-- Photos providers uploaded to a listing. The files live in the photo storage (a local folder or an
-- S3 bucket) under content-addressed names; a listing shows a photo by putting its URL in images or
-- gym_images (reviewed like other photo edits), and this row keeps what the URL does not say: the
-- original's format and size, who uploaded it, when.
CREATE TABLE hotel_photos (
  hotel_id bigint NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  photo_id text NOT NULL CHECK (photo_id ~ '^[a-f0-9]{32}$'),
  kind text NOT NULL CHECK (kind IN ('hotel', 'gym')),
  format text NOT NULL CHECK (format IN ('jpeg', 'png', 'webp')),
  width integer NOT NULL,
  height integer NOT NULL,
  bytes integer NOT NULL,
  uploaded_by uuid,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hotel_id, photo_id)
);

-- Down Migration
DROP TABLE hotel_photos;
