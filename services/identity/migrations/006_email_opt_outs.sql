-- Up Migration
-- Email preferences (docs/decisions.md, "Email preferences and unsubscribing"): every kind of email that is not an
-- answer to the owner's own action is on until the owner turns it off; a row is one thing turned off. scope '' is
-- the whole kind, otherwise a listing's id (listing-status) or a saved search's id (search-alerts). The rows go with
-- the account's row when a deletion finishes; the notifier keeps a copy from user.email_preferences_changed.
CREATE TABLE email_opt_outs (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  scope text NOT NULL DEFAULT '',
  -- How it was turned off: 'preferences' (the page, signed in or through an email's link) or 'one-click' (RFC 8058).
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, scope)
);

-- Down Migration
DROP TABLE email_opt_outs;
