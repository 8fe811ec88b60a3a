-- Up Migration
-- Where a favourite hotel's gym change is emailed (docs/decisions.md, "Saved searches"): the verified address of an
-- account that keeps favourites, from the token of its favourite adds (when it claims a verified address) and from
-- identity's user.email_verified (an email change), so no service reads identity's schema. Only accounts with a
-- favourite are kept; the row goes with the account.
CREATE TABLE favorite_alert_addresses (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE favorite_alert_addresses;
