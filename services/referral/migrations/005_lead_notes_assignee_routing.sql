-- Up Migration
-- The lead inbox of a team (docs/decisions.md, "Lead routing and the inbox"): a note the hotel keeps on a lead (its own
-- text, never emailed) and who of the organisation took it (the member's account id and address, gone with the account).
ALTER TABLE leads ADD COLUMN note text CHECK (note IS NULL OR length(note) <= 2000);
ALTER TABLE leads ADD COLUMN note_updated_at timestamptz;
ALTER TABLE leads ADD COLUMN assignee_id uuid;
ALTER TABLE leads ADD COLUMN assignee_email text;
ALTER TABLE leads ADD COLUMN assigned_at timestamptz;
CREATE INDEX leads_assignee_idx ON leads (assignee_id) WHERE assignee_id IS NOT NULL;

-- Per property: who is emailed for a lead (the listing's lead address when `recipients` is empty) and how
-- (`instant`: each lead at once; `digest`: one email a day listing the day's leads).
CREATE TABLE lead_routing (
  hotel_id integer PRIMARY KEY,
  recipients text[] NOT NULL DEFAULT '{}',
  delivery text NOT NULL DEFAULT 'instant' CHECK (delivery IN ('instant', 'digest')),
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE lead_routing;
DROP INDEX leads_assignee_idx;
ALTER TABLE leads DROP COLUMN assigned_at;
ALTER TABLE leads DROP COLUMN assignee_email;
ALTER TABLE leads DROP COLUMN assignee_id;
ALTER TABLE leads DROP COLUMN note_updated_at;
ALTER TABLE leads DROP COLUMN note;
