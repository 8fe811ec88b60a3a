-- Up Migration
-- Saved searches (docs/decisions.md, "Saved searches"): the search page's query (its URL parameters, checked by the
-- search's own schema) kept under a name by a signed-in traveller with a verified email, the address its alerts go to
-- (from the token when saved; identity's user.email_verified keeps it current) and the alert choice.
CREATE TABLE saved_searches (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  params jsonb NOT NULL,
  -- The parameters as one text in the page's order: the same search saved twice by one account is one row.
  params_key text NOT NULL,
  alerts text NOT NULL CHECK (alerts IN ('instant', 'weekly', 'paused')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, params_key)
);
CREATE INDEX saved_searches_user ON saved_searches (user_id, created_at DESC);
-- The searches a new hotel is matched against: every one that is not paused.
CREATE INDEX saved_searches_active ON saved_searches (id) WHERE alerts <> 'paused';

-- Each hotel a saved search told about, once ever: the unique key is what makes an alert at most once per search and hotel.
CREATE TABLE saved_search_hits (
  saved_search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  hotel_id bigint NOT NULL,
  delivery text NOT NULL,
  matched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (saved_search_id, hotel_id)
);

-- Down Migration
DROP TABLE saved_search_hits;
DROP TABLE saved_searches;
