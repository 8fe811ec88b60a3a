-- Up Migration
-- The notifier's copy of each account's email opt-outs (identity owns them: user.email_preferences_changed carries an
-- account's whole list each time), checked as every list email is sent. scope '' is the whole kind. Deleted with the
-- account (user.deletion-requested) and replaced whole by each event.
CREATE TABLE email_opt_outs (
  user_id uuid NOT NULL,
  kind text NOT NULL,
  scope text NOT NULL DEFAULT '',
  PRIMARY KEY (user_id, kind, scope)
);

-- Down Migration
DROP TABLE email_opt_outs;
