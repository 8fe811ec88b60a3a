-- Up Migration
-- Each revocation notifies revocations_<schema> when it commits, with what a RevocationSet applies, so every
-- identity instance keeps the revocations in memory and checks a token without a query (RevocationMirror).
CREATE FUNCTION revocation_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('revocations_' || TG_TABLE_SCHEMA,
      json_build_object('kind', 'token', 'jti', NEW.jti, 'expiresAt', floor(EXTRACT(EPOCH FROM NEW.expires_at))::bigint)::text);
  ELSIF NEW.tokens_not_before IS NOT NULL AND NEW.tokens_not_before IS DISTINCT FROM OLD.tokens_not_before THEN
    PERFORM pg_notify('revocations_' || TG_TABLE_SCHEMA,
      json_build_object('kind', 'user', 'userId', NEW.id, 'notBefore', ceil(EXTRACT(EPOCH FROM NEW.tokens_not_before))::bigint)::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER revoked_tokens_notify AFTER INSERT ON revoked_tokens FOR EACH ROW EXECUTE FUNCTION revocation_notify();
CREATE TRIGGER users_tokens_not_before_notify AFTER UPDATE OF tokens_not_before ON users FOR EACH ROW EXECUTE FUNCTION revocation_notify();

-- Down Migration
DROP TRIGGER users_tokens_not_before_notify ON users;
DROP TRIGGER revoked_tokens_notify ON revoked_tokens;
DROP FUNCTION revocation_notify();
