-- Up Migration
-- The facet index also matches text and ranks by gym score and listed pieces (src/store/search-index.ts): a change to
-- a hotel's search text or words (name, city, country, equipment) or gym score, or to a gym's pieces, moves its version too.
DROP TRIGGER hotels_search_index_changed ON hotels;
CREATE CONSTRAINT TRIGGER hotels_search_index_changed AFTER UPDATE ON hotels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.is_approved IS DISTINCT FROM NEW.is_approved OR OLD.equipment_mask IS DISTINCT FROM NEW.equipment_mask
        OR OLD.price_usd IS DISTINCT FROM NEW.price_usd OR OLD.rating IS DISTINCT FROM NEW.rating
        OR OLD.gym_access_type IS DISTINCT FROM NEW.gym_access_type OR OLD.accessibility_features IS DISTINCT FROM NEW.accessibility_features
        OR OLD.heaviest_dumbbell_kg IS DISTINCT FROM NEW.heaviest_dumbbell_kg OR OLD.gym_score IS DISTINCT FROM NEW.gym_score
        OR OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.search_words IS DISTINCT FROM NEW.search_words)
  EXECUTE FUNCTION bump_search_index_version();
DROP TRIGGER gyms_search_index_changed ON gyms;
CREATE CONSTRAINT TRIGGER gyms_search_index_changed AFTER UPDATE ON gyms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.hotel_id IS DISTINCT FROM NEW.hotel_id OR OLD.open_24h IS DISTINCT FROM NEW.open_24h OR OLD.size_sqm IS DISTINCT FROM NEW.size_sqm
        OR OLD.rack_count IS DISTINCT FROM NEW.rack_count OR OLD.adjustable_bench IS DISTINCT FROM NEW.adjustable_bench
        OR OLD.opens_early IS DISTINCT FROM NEW.opens_early OR OLD.open_late IS DISTINCT FROM NEW.open_late OR OLD.entry IS DISTINCT FROM NEW.entry
        OR OLD.equipment_pieces IS DISTINCT FROM NEW.equipment_pieces)
  EXECUTE FUNCTION bump_search_index_version();

-- Down Migration
DROP TRIGGER gyms_search_index_changed ON gyms;
CREATE CONSTRAINT TRIGGER gyms_search_index_changed AFTER UPDATE ON gyms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.hotel_id IS DISTINCT FROM NEW.hotel_id OR OLD.open_24h IS DISTINCT FROM NEW.open_24h OR OLD.size_sqm IS DISTINCT FROM NEW.size_sqm
        OR OLD.rack_count IS DISTINCT FROM NEW.rack_count OR OLD.adjustable_bench IS DISTINCT FROM NEW.adjustable_bench
        OR OLD.opens_early IS DISTINCT FROM NEW.opens_early OR OLD.open_late IS DISTINCT FROM NEW.open_late OR OLD.entry IS DISTINCT FROM NEW.entry)
  EXECUTE FUNCTION bump_search_index_version();
DROP TRIGGER hotels_search_index_changed ON hotels;
CREATE CONSTRAINT TRIGGER hotels_search_index_changed AFTER UPDATE ON hotels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.is_approved IS DISTINCT FROM NEW.is_approved OR OLD.equipment_mask IS DISTINCT FROM NEW.equipment_mask
        OR OLD.price_usd IS DISTINCT FROM NEW.price_usd OR OLD.rating IS DISTINCT FROM NEW.rating
        OR OLD.gym_access_type IS DISTINCT FROM NEW.gym_access_type OR OLD.accessibility_features IS DISTINCT FROM NEW.accessibility_features
        OR OLD.heaviest_dumbbell_kg IS DISTINCT FROM NEW.heaviest_dumbbell_kg)
  EXECUTE FUNCTION bump_search_index_version();
