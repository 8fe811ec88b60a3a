-- Up Migration
-- The admin table's filter also finds a provider's listings by the provider's email (all of it or a part
-- with "@": "provider@", "@grandhotels.example"). A trigram index on the lowered address keeps that an
-- index read at any size; hotels without an owner (an admin's own entries) are not in it.
CREATE INDEX hotels_provider_email_trgm ON hotels USING gin (lower(provider_email) public.gin_trgm_ops) WHERE provider_email IS NOT NULL;

-- Down Migration
DROP INDEX hotels_provider_email_trgm;
