-- Up Migration
-- Approved reviewers' gym ratings feed the gym score (review events carry gymRating; null when not given).
ALTER TABLE approved_reviews ADD COLUMN gym_rating smallint CHECK (gym_rating BETWEEN 1 AND 5);

-- The gym score (0-5, one decimal) and its components, written by the service (src/domain/gym-score.ts)
-- whenever a hotel's gym data or its reviews change. Null until computed: the service fills every null
-- (and any breakdown of an older formula version) when it starts, which backfills existing hotels.
ALTER TABLE hotels
  ADD COLUMN gym_score numeric(2, 1) CHECK (gym_score BETWEEN 0 AND 5),
  ADD COLUMN gym_score_breakdown jsonb;
CREATE INDEX hotels_gym_score_idx ON hotels (gym_score DESC NULLS LAST, id) WHERE is_approved;

-- Down Migration
DROP INDEX hotels_gym_score_idx;
ALTER TABLE hotels DROP COLUMN gym_score_breakdown, DROP COLUMN gym_score;
ALTER TABLE approved_reviews DROP COLUMN gym_rating;
