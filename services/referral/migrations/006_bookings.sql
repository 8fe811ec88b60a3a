-- Up Migration
-- Referred bookings a partner reports (docs/decisions.md, "Referred bookings and the monthly statement"): matched by the
-- booking link's referral id (one booking per id), with the booking's value and stay dates; the statement charges on them.
CREATE TABLE bookings (
  id uuid PRIMARY KEY,
  referral_id text NOT NULL UNIQUE,
  hotel_id integer NOT NULL,
  lead_id uuid,
  value numeric(12, 2) NOT NULL CHECK (value >= 0),
  currency text NOT NULL,
  check_in_date date NOT NULL,
  check_out_date date NOT NULL CHECK (check_out_date > check_in_date),
  source text NOT NULL CHECK (source IN ('api', 'csv', 'dashboard')),
  reported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bookings_hotel_check_in_idx ON bookings (hotel_id, check_in_date);

-- Down Migration
DROP TABLE bookings;
