-- Up Migration
-- The facet index's version (src/store/search-index.ts): every committed write that can change a search's counts
-- moves this sequence, so a catalog process knows its in-memory copy of the facet columns is behind. The triggers are
-- deferred to commit (a version read before a writer commits would otherwise be taken for the write's), and an update
-- moves it only when a column the counts read changed (a click or a page view does not).
CREATE SEQUENCE search_index_version;

CREATE FUNCTION bump_search_index_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_index_version');
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER hotels_search_index_written AFTER INSERT OR DELETE ON hotels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_search_index_version();
CREATE CONSTRAINT TRIGGER hotels_search_index_changed AFTER UPDATE ON hotels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.is_approved IS DISTINCT FROM NEW.is_approved OR OLD.equipment_mask IS DISTINCT FROM NEW.equipment_mask
        OR OLD.price_usd IS DISTINCT FROM NEW.price_usd OR OLD.rating IS DISTINCT FROM NEW.rating
        OR OLD.gym_access_type IS DISTINCT FROM NEW.gym_access_type OR OLD.accessibility_features IS DISTINCT FROM NEW.accessibility_features
        OR OLD.heaviest_dumbbell_kg IS DISTINCT FROM NEW.heaviest_dumbbell_kg)
  EXECUTE FUNCTION bump_search_index_version();
CREATE CONSTRAINT TRIGGER gyms_search_index_written AFTER INSERT OR DELETE ON gyms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_search_index_version();
CREATE CONSTRAINT TRIGGER gyms_search_index_changed AFTER UPDATE ON gyms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.hotel_id IS DISTINCT FROM NEW.hotel_id OR OLD.open_24h IS DISTINCT FROM NEW.open_24h OR OLD.size_sqm IS DISTINCT FROM NEW.size_sqm
        OR OLD.rack_count IS DISTINCT FROM NEW.rack_count OR OLD.adjustable_bench IS DISTINCT FROM NEW.adjustable_bench
        OR OLD.opens_early IS DISTINCT FROM NEW.opens_early OR OLD.open_late IS DISTINCT FROM NEW.open_late OR OLD.entry IS DISTINCT FROM NEW.entry)
  EXECUTE FUNCTION bump_search_index_version();

-- Down Migration
DROP TRIGGER gyms_search_index_changed ON gyms;
DROP TRIGGER gyms_search_index_written ON gyms;
DROP TRIGGER hotels_search_index_changed ON hotels;
DROP TRIGGER hotels_search_index_written ON hotels;
DROP FUNCTION bump_search_index_version();
DROP SEQUENCE search_index_version;
