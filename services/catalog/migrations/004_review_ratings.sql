-- Up Migration
-- Every approved review the catalog has heard of (engagement's review.approved, plus the seeded
-- reviews): a hotel's rating and totalReviews are computed from these rows, never kept as running
-- totals, so a review counts once whatever the deliveries and nothing else feeds the figures.
CREATE TABLE approved_reviews (
  review_id uuid PRIMARY KEY,
  hotel_id bigint NOT NULL REFERENCES hotels (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approved_reviews_hotel_idx ON approved_reviews (hotel_id);

-- Figures written before this table (the seed's made-up ratings) are dropped; the review-ratings
-- consumer reads engagement.reviews from the start and the seed records its reviews, which refill them.
UPDATE hotels SET rating = 0, total_reviews = 0 WHERE NOT synthetic;

-- Down Migration
DROP TABLE approved_reviews;
