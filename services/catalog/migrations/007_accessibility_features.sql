-- Up Migration
-- The spec's hasWheelchairAccess, hasElevator and hasAdaptiveEquipment as one list of known values
-- (contracts accessibilityFeatureOptions); a search needs every chosen feature (GIN containment).
ALTER TABLE hotels ADD COLUMN accessibility_features text[] NOT NULL DEFAULT '{}';
CREATE INDEX hotels_accessibility_features_gin ON hotels USING gin (accessibility_features);

-- Down Migration
DROP INDEX hotels_accessibility_features_gin;
ALTER TABLE hotels DROP COLUMN accessibility_features;
