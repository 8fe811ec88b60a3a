-- Up Migration
-- Contact limits count recent messages per sender address and per client address; the client
-- address (as the gateway forwards it) is kept with each message for that.
ALTER TABLE contact_messages ADD COLUMN ip_address text;
CREATE INDEX contact_messages_email_idx ON contact_messages (lower(email), created_at DESC);
CREATE INDEX contact_messages_client_idx ON contact_messages (ip_address, created_at DESC);

-- Down Migration
DROP INDEX contact_messages_client_idx;
DROP INDEX contact_messages_email_idx;
ALTER TABLE contact_messages DROP COLUMN ip_address;
