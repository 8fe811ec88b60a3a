-- Up Migration
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY,
  user_id uuid,
  name text NOT NULL,
  email text NOT NULL,
  subject text,
  message text NOT NULL,
  inquiry_type text NOT NULL DEFAULT 'general',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE contact_messages;
