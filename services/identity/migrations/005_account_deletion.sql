-- Up Migration
-- Deleting an account (docs/decisions.md, "Deleting an account"): the request, which services have reported
-- that they erased their part (`user.data-erased`), and when identity finished by removing the account's row.
-- No foreign key: the row outlives the account for as long as one of its tokens could still be presented
-- (`tokens_not_before`, a token's lifetime), so those tokens stay refused even when Redis is rewritten from
-- Postgres; housekeeping then removes it.
CREATE TABLE account_deletions (
  user_id uuid PRIMARY KEY,
  requested_at timestamptz NOT NULL DEFAULT now(),
  tokens_not_before timestamptz NOT NULL,
  -- When user.deletion-requested was last published (it is sent again while a service has not reported).
  last_requested_at timestamptz NOT NULL DEFAULT now(),
  requests integer NOT NULL DEFAULT 1,
  erased_by text[] NOT NULL DEFAULT '{}',
  finished_at timestamptz
);
CREATE INDEX account_deletions_unfinished_idx ON account_deletions (last_requested_at) WHERE finished_at IS NULL;

-- Down Migration
DROP TABLE account_deletions;
