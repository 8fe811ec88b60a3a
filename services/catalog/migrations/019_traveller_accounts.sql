-- Up Migration
-- The travellers the home page counts (ruling 15: its figures come from the live accounts). Identity owns
-- accounts; the catalog keeps only each account's id and traveller flag, from identity's events
-- (user.registered, user.profile_completed, user.deletion-requested), so no service reads another's schema.
CREATE TABLE traveller_accounts (
  user_id uuid PRIMARY KEY,
  is_traveler boolean NOT NULL DEFAULT true
);

-- Down Migration
DROP TABLE traveller_accounts;
