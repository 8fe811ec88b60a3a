-- Up Migration
-- A commit that wrote outbox rows notifies outbox_<schema>; the relay LISTENs there instead of polling.
-- Notifications are delivered at commit and merged within a transaction, so a batch of rows wakes it once.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END
$$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();

-- Down Migration
DROP TRIGGER outbox_notify ON outbox;
DROP FUNCTION outbox_notify();
