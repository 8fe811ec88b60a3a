-- Up Migration
-- A password reset ends every session: tokens issued before this time (their iat) are refused.
ALTER TABLE users ADD COLUMN tokens_not_before timestamptz;
CREATE INDEX revoked_tokens_user_idx ON revoked_tokens (user_id);

-- Down Migration
DROP INDEX revoked_tokens_user_idx;
ALTER TABLE users DROP COLUMN tokens_not_before;
