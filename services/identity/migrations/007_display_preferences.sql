-- Up Migration
-- Display preferences (docs/decisions.md, "Units and currencies shown"): the weight unit and the currency a signed-in
-- traveller reads figures and prices in. A row only once the owner chose; no row is the defaults (kg, each hotel's
-- own currency). Only what the site shows changes: weights stay kilograms and prices the hotel's currency everywhere
-- else. The row goes with the account's row when a deletion finishes, and is part of GET /api/auth/me/export.
CREATE TABLE display_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  units text NOT NULL DEFAULT 'kg' CHECK (units IN ('kg', 'lb')),
  -- null: each hotel's own currency, unconverted.
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE display_preferences;
