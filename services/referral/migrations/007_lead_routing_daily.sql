-- Up Migration
-- A property's leads emailed at once (`instant`) or kept for one digest a day per recipient (`daily`, 08:00 UTC),
-- docs/decisions.md, "Lead routing and the inbox". The column was made with `digest` for the second choice, never stored.
ALTER TABLE lead_routing DROP CONSTRAINT lead_routing_delivery_check;
UPDATE lead_routing SET delivery = 'daily' WHERE delivery = 'digest';
ALTER TABLE lead_routing ADD CONSTRAINT lead_routing_delivery_check CHECK (delivery IN ('instant', 'daily'));

-- Down Migration
ALTER TABLE lead_routing DROP CONSTRAINT lead_routing_delivery_check;
UPDATE lead_routing SET delivery = 'instant' WHERE delivery = 'daily';
ALTER TABLE lead_routing ADD CONSTRAINT lead_routing_delivery_check CHECK (delivery IN ('instant', 'digest'));
