-- Up Migration
-- The share of referral clicks that became leads. A lead carries the booking link's referral id
-- (RR_{hotelId}_{timestamp}), as its click's booking URL does; the two events come on different topics, in
-- either order, so each side is noted here by referral id, and the click is counted converted once, when both
-- have been seen, on the click's own day: a day's converted clicks never pass its clicks.
ALTER TABLE hotel_daily_stats ADD COLUMN converted_clicks integer NOT NULL DEFAULT 0;

CREATE TABLE referral_conversions (
  referral_id text PRIMARY KEY,
  hotel_id integer NOT NULL,
  -- The UTC day of the first click carrying this referral id; null until a click is seen.
  click_day date,
  -- A lead with the traveller's contact details carried it.
  lead_seen boolean NOT NULL DEFAULT false,
  -- Counted into hotel_daily_stats.converted_clicks (once).
  counted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX referral_conversions_created_idx ON referral_conversions (created_at);

-- Down Migration
DROP TABLE referral_conversions;
ALTER TABLE hotel_daily_stats DROP COLUMN converted_clicks;
