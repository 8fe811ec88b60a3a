-- Up Migration
-- "My training, matched" (docs/decisions.md): what a signed-in traveller needs from a hotel gym, saved once and sent
-- with searches sorted by fit. One row per account, the needs as contracts/src/training.ts writes them
-- ({ equipment, pieces, minDumbbellKg, opensBefore, openAfter }; weights kilograms). The row is the account's: it is
-- in engagement's part of the export and goes with the account (user.deletion-requested).
CREATE TABLE training_needs (
  user_id uuid PRIMARY KEY,
  needs jsonb NOT NULL CHECK (jsonb_typeof(needs) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE training_needs;
