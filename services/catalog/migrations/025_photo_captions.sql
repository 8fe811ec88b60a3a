-- Up Migration
-- Photo captions (docs/decisions.md, "Photos in a lightbox"): what each photo of a listing shows, by photo (its URL or
-- /images/ path, as images and gym_images name it), written by the provider with the photos and reviewed like them;
-- the gallery shows it as the caption and the alt text. A photo without one is left out.
ALTER TABLE hotels ADD COLUMN photo_captions jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(photo_captions) = 'object');

-- Down Migration
ALTER TABLE hotels DROP COLUMN photo_captions;
