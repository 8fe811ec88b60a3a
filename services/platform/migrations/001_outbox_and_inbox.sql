-- Up Migration
-- The transactional outbox: rows are written in the business transaction and published by the relay.
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  topic text NOT NULL,
  message_key text NOT NULL,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL;

-- Events this service's consumers have handled, so a repeat delivery is skipped.
CREATE TABLE processed_events (
  event_id uuid NOT NULL,
  consumer text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, consumer)
);

-- Down Migration
DROP TABLE processed_events;
DROP TABLE outbox;
