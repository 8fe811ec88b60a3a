-- Up Migration
-- One bit per taxonomy label (bit i = the i-th label of contracts allEquipmentLabels), written with
-- equipment_labels. Facet counts then add bits in one pass instead of unnesting label arrays; the
-- service re-derives the bits from equipment_labels at start if the taxonomy's order ever changes.
ALTER TABLE hotels ADD COLUMN equipment_mask integer NOT NULL DEFAULT 0;
-- Serves the browse case (no text, no equipment): total and facets from an index-only scan.
CREATE INDEX hotels_approved_mask_idx ON hotels (equipment_mask) WHERE is_approved;

-- Down Migration
DROP INDEX hotels_approved_mask_idx;
ALTER TABLE hotels DROP COLUMN equipment_mask;
