-- Up Migration
-- When RepRoute first sent each signed-in account to each hotel: a booking-link click or a lead, from referral's
-- referral.clicked and lead.created events (never read from referral's schema). A review whose author was sent to
-- its hotel before the end of the month of the stay is a verified stay (docs/decisions.md, "Verified stays").
CREATE TABLE hotels_sent_to (
  user_id uuid NOT NULL,
  hotel_id integer NOT NULL,
  first_sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, hotel_id)
);

-- Kept on the review, so it stays when the review outlives its author's account ("Former member").
ALTER TABLE reviews ADD COLUMN verified_stay boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE reviews DROP COLUMN verified_stay;
DROP TABLE hotels_sent_to;
