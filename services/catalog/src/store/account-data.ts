import type { CatalogExport } from '@reproute/contracts';
import { enqueueEvent, formerAccountId, type AccountToErase, type PoolClient, type Queryable } from '@reproute/platform';
import { hotelSnapshot } from '../domain/hotel.ts';
import { hotelColumns, hotelFromRow, hotelsWithGym, type HotelRow } from './rows.ts';
import { invalidateSearchSummaries } from './search.ts';
import { eraseSavedSearches, exportSavedSearches } from './saved-searches.ts';
import { eraseGymFreshness, exportGymFreshness } from './gym-freshness.ts';

/** What an admin's anonymised audit entries show as who acted. */
export const formerAdmin = 'Former admin';

const iso = (value: Date) => value.toISOString();

/** Everything the catalog keeps about the account: its listings, the photos and changes it sent, its admin actions, its saved searches. */
export async function exportCatalog(db: Queryable, userId: string): Promise<CatalogExport> {
  const [listings, photos, revisions, audit, savedSearches, gymFreshness] = await Promise.all([
    db.query<HotelRow>(`SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE h.provider_id = $1 ORDER BY h.created_at, h.id`, [userId]),
    db.query<{ hotel_id: string; photo_id: string; kind: string; uploaded_at: Date }>(
      'SELECT hotel_id, photo_id, kind, uploaded_at FROM hotel_photos WHERE uploaded_by = $1 ORDER BY uploaded_at',
      [userId],
    ),
    db.query<{ hotel_id: string; submitted_at: Date; fields: Record<string, unknown> }>(
      'SELECT hotel_id, submitted_at, fields FROM hotel_revisions WHERE submitted_by = $1 ORDER BY submitted_at',
      [userId],
    ),
    db.query<{ action: string; hotel_id: string; hotel_name: string; detail: string | null; created_at: Date }>(
      'SELECT action, hotel_id, hotel_name, detail, created_at FROM admin_audit WHERE actor_id = $1 ORDER BY created_at, id',
      [userId],
    ),
    exportSavedSearches(db, userId),
    exportGymFreshness(db, userId),
  ]);
  return {
    listings: listings.rows.map(hotelFromRow).map((h) => ({
      id: h.id,
      name: h.name,
      slug: h.slug,
      status: h.status,
      description: h.description,
      address: h.address,
      city: h.city,
      country: h.country,
      contactEmail: h.contactEmail,
      bookingUrl: h.bookingUrl,
      pricePerNight: h.pricePerNight,
      currency: h.currency,
      createdAt: iso(h.createdAt),
      updatedAt: iso(h.updatedAt),
    })),
    photosUploaded: photos.rows.map((r) => ({ hotelId: Number(r.hotel_id), photoId: r.photo_id, kind: r.kind, uploadedAt: iso(r.uploaded_at) })),
    pendingChanges: revisions.rows.map((r) => ({ hotelId: Number(r.hotel_id), submittedAt: iso(r.submitted_at), fields: r.fields })),
    adminActions: audit.rows.map((r) => ({ action: r.action, hotelId: Number(r.hotel_id), hotelName: r.hotel_name, detail: r.detail, createdAt: iso(r.created_at) })),
    savedSearches,
    ...gymFreshness,
  };
}

/**
 * The catalog's part of deleting an account (docs/decisions.md, "Deleting an account"). A provider's listings,
 * live or not, are unpublished and deleted with the account (the profile's confirmation says so first): each is
 * announced once more without its owner (`hotel.updated` with no provider and no address of theirs, so every
 * service's copy forgets them even if an earlier snapshot reaches it late) and then `hotel.deleted`; its photos'
 * records, gym and pending changes go with it. Photos and changes the account sent to other listings (an admin's)
 * lose its id; an admin's entries in the audit log stay, as "Former admin".
 */
export async function eraseAccount(tx: PoolClient, account: AccountToErase): Promise<void> {
  const emails = account.emails.map((e) => e.toLowerCase());
  const { rows } = await tx.query<HotelRow>(
    `SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE h.provider_id = $1 OR lower(h.provider_email) = ANY($2::text[]) ORDER BY h.id FOR UPDATE OF h`,
    [account.userId, emails],
  );
  for (const hotel of rows.map(hotelFromRow)) {
    const contactEmail = hotel.contactEmail && emails.includes(hotel.contactEmail.toLowerCase()) ? null : hotel.contactEmail;
    await enqueueEvent(tx, 'hotel.updated', hotelSnapshot({ ...hotel, providerId: null, providerEmail: null, contactEmail }), { key: hotel.id });
    await tx.query('DELETE FROM hotels WHERE id = $1', [hotel.id]);
    await enqueueEvent(tx, 'hotel.deleted', { hotelId: hotel.id, providerId: null }, { key: hotel.id });
  }
  if (rows.length > 0) invalidateSearchSummaries();
  await tx.query('UPDATE hotels SET contact_email = NULL WHERE lower(contact_email) = ANY($1::text[])', [emails]);
  await tx.query('UPDATE hotel_photos SET uploaded_by = NULL WHERE uploaded_by = $1', [account.userId]);
  await tx.query('UPDATE hotel_revisions SET submitted_by = NULL WHERE submitted_by = $1', [account.userId]);
  await tx.query('UPDATE admin_audit SET actor_id = $2, actor_email = $3 WHERE actor_id = $1 OR lower(actor_email) = ANY($4::text[])', [account.userId, formerAccountId, formerAdmin, emails]);
  // The home page's traveller count keeps the account's id (its own consumer also drops it, in the events' order).
  await tx.query('DELETE FROM traveller_accounts WHERE user_id = $1', [account.userId]);
  // Saved searches go with the account (and what they matched, by cascade).
  await eraseSavedSearches(tx, account.userId, account.emails);
  // Gym reports and confirmations stay (they are about the hotel), without the account's id.
  await eraseGymFreshness(tx, account.userId);
}
