-- Up Migration
-- A user reviews a hotel once: a pending or approved review blocks another; a rejected one does not,
-- so a reviewer whose text was turned down may write a better one. Older duplicates still pending are
-- rejected (newest kept) so the index can be built on an existing database.
UPDATE reviews r SET is_approved = false, moderated_at = now()
 WHERE r.is_approved IS NULL
   AND EXISTS (
     SELECT 1 FROM reviews o
      WHERE o.user_id = r.user_id AND o.hotel_id = r.hotel_id AND o.id <> r.id AND o.is_approved IS NOT FALSE
        AND (o.is_approved IS TRUE OR (o.created_at, o.id) > (r.created_at, r.id))
   );
CREATE UNIQUE INDEX reviews_one_per_user_and_hotel ON reviews (user_id, hotel_id) WHERE is_approved IS NOT FALSE;

-- Down Migration
DROP INDEX reviews_one_per_user_and_hotel;
