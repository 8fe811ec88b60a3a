import { listingMessages, messages } from '@reproute/contracts';
import { badRequest, conflict, enqueueEvent, notFound, withTransaction, type Pool, type PoolClient, type Queryable } from '@reproute/platform';
import { derivedColumns, hotelSnapshot, nextFreeSlug, type GymRecord, type HotelEvent, type HotelRecord, type StoredHotel } from '../domain/hotel.ts';
import { hotelColumns, hotelFromRow, hotelsWithGym, type HotelRow } from './rows.ts';
import { invalidateSearchSummaries } from './search.ts';
import { refreshGymScores } from './gym-score.ts';
import { announceGymChanges } from './gym-changes.ts';
import { markGymFactsEdited } from './gym-facts-edited.ts';
import { auditActionOf, recordAudit, type AuditActor } from './audit.ts';

export type HotelKey = { id: number } | { slug: string };

export async function findHotel(db: Queryable, key: HotelKey, options: { forUpdate?: boolean } = {}): Promise<StoredHotel | undefined> {
  const [where, value] = 'id' in key ? ['h.id = $1', key.id] : ['h.slug = $1', key.slug];
  const { rows } = await db.query<HotelRow>(`SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE ${where}${options.forUpdate ? ' FOR UPDATE OF h' : ''}`, [value]);
  return rows[0] ? hotelFromRow(rows[0]) : undefined;
}

/** Hotels for lists, best rated first: approved only unless includeAll; optionally only the given ids. */
export async function listHotels(db: Queryable, options: { includeAll: boolean; ids?: number[]; limit: number }): Promise<StoredHotel[]> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (!options.includeAll) conditions.push('h.is_approved');
  if (options.ids) {
    values.push(options.ids);
    conditions.push(`h.id = ANY($${values.length}::bigint[])`);
  }
  values.push(options.limit);
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const { rows } = await db.query<HotelRow>(`SELECT ${hotelColumns} FROM ${hotelsWithGym} ${where} ORDER BY h.rating DESC, h.id LIMIT $${values.length}`, values);
  return rows.map(hotelFromRow);
}

export async function listProviderHotels(db: Queryable, providerId: string): Promise<StoredHotel[]> {
  const { rows } = await db.query<HotelRow>(`SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE h.provider_id = $1 ORDER BY h.created_at DESC, h.id DESC`, [providerId]);
  return rows.map(hotelFromRow);
}

export async function listPendingHotels(db: Queryable): Promise<StoredHotel[]> {
  const { rows } = await db.query<HotelRow>(`SELECT ${hotelColumns} FROM ${hotelsWithGym} WHERE h.status = 'pending' ORDER BY h.created_at, h.id`);
  return rows.map(hotelFromRow);
}

/**
 * Fills city and country from cityId (400 when unknown), or finds the typed city and country among
 * the known cities ignoring case and accents and creates it when new (with the listing's coordinates).
 * A listing always ends with a city and a country (400 otherwise). A city made for a listing in review is
 * not public (GET /api/cities) until a listing in it is approved.
 */
async function resolveCity(tx: Queryable, input: HotelRecord): Promise<HotelRecord> {
  const record = await findOrCreateCity(tx, input);
  if (record.status === 'approved' && record.cityId !== null) await tx.query('UPDATE cities SET is_public = true WHERE id = $1 AND NOT is_public', [record.cityId]);
  return record;
}

async function findOrCreateCity(tx: Queryable, record: HotelRecord): Promise<HotelRecord> {
  if (record.cityId !== null) {
    const { rows } = await tx.query<{ name: string; country: string }>('SELECT name, country FROM cities WHERE id = $1', [record.cityId]);
    const city = rows[0];
    if (!city) throw badRequest(messages.cityNotFound, [{ path: 'cityId', message: messages.cityNotFound }]);
    return { ...record, city: city.name, country: city.country };
  }
  const name = record.city?.trim() ?? '';
  const country = record.country?.trim() ?? '';
  if (!name) throw badRequest(listingMessages.cityRequired, [{ path: 'cityId', message: listingMessages.cityRequired }]);
  if (!country) {
    // A city named without its country is taken only when the name alone picks one known city.
    const { rows } = await tx.query<{ id: number; name: string; country: string }>('SELECT id, name, country FROM cities WHERE fold_text(name) = fold_text($1) ORDER BY id LIMIT 2', [name]);
    if (rows.length === 1) return { ...record, cityId: rows[0]!.id, city: rows[0]!.name, country: rows[0]!.country };
    throw badRequest(listingMessages.countryRequired, [{ path: 'country', message: listingMessages.countryRequired }]);
  }
  // A concurrent creation of the same place makes this insert do nothing; the select then finds that city.
  await tx.query(
    'INSERT INTO cities (name, country, latitude, longitude, is_public) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
    [name, country, record.latitude, record.longitude, record.status === 'approved'],
  );
  const { rows } = await tx.query<{ id: number; name: string; country: string }>(
    'SELECT id, name, country FROM cities WHERE fold_text(name) = fold_text($1) AND fold_text(country) = fold_text($2)',
    [name, country],
  );
  const city = rows[0]!;
  return { ...record, cityId: city.id, city: city.name, country: city.country };
}

/** A slug not yet taken; the advisory lock keeps two writers of the same name from picking the same one. */
async function freeSlug(tx: Queryable, base: string, ownId: number | null): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`catalog.slug:${base}`]);
  const { rows } = await tx.query<{ slug: string }>(
    `SELECT slug FROM hotels WHERE (slug = $1 OR slug LIKE $2) AND ($3::bigint IS NULL OR id <> $3)`,
    [base, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`, ownId],
  );
  return nextFreeSlug(base, new Set(rows.map((r) => r.slug)));
}

async function writeGym(tx: Queryable, hotelId: number, gym: GymRecord | null, equipment: string[]): Promise<void> {
  if (gym === null) {
    await tx.query('DELETE FROM gyms WHERE hotel_id = $1', [hotelId]);
    return;
  }
  await tx.query(
    `INSERT INTO gyms (hotel_id, name, type, description, equipment, hours, size, has_pool, has_sauna, has_personal_trainer,
                       stated_open_24h, opens_at, closes_at, stated_size_sqm, has_fitness_classes,
                       address, distance_m, walking_minutes, latitude, longitude, entry, guest_fee_amount, guest_fee_currency, guest_fee_per,
                       weekly_hours, equipment_pieces, lightest_dumbbell_kg, heaviest_kettlebell_kg, plate_kinds, plates_total_kg)
     VALUES ($1, $2, coalesce($3, 'hotel gym'), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
             $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30)
     ON CONFLICT (hotel_id) DO UPDATE SET name = EXCLUDED.name, type = EXCLUDED.type, description = EXCLUDED.description,
       equipment = EXCLUDED.equipment, hours = EXCLUDED.hours, size = EXCLUDED.size, has_pool = EXCLUDED.has_pool,
       has_sauna = EXCLUDED.has_sauna, has_personal_trainer = EXCLUDED.has_personal_trainer, stated_open_24h = EXCLUDED.stated_open_24h,
       opens_at = EXCLUDED.opens_at, closes_at = EXCLUDED.closes_at, stated_size_sqm = EXCLUDED.stated_size_sqm,
       has_fitness_classes = EXCLUDED.has_fitness_classes, address = EXCLUDED.address, distance_m = EXCLUDED.distance_m,
       walking_minutes = EXCLUDED.walking_minutes, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, entry = EXCLUDED.entry,
       guest_fee_amount = EXCLUDED.guest_fee_amount, guest_fee_currency = EXCLUDED.guest_fee_currency, guest_fee_per = EXCLUDED.guest_fee_per,
       weekly_hours = EXCLUDED.weekly_hours, equipment_pieces = EXCLUDED.equipment_pieces, lightest_dumbbell_kg = EXCLUDED.lightest_dumbbell_kg,
       heaviest_kettlebell_kg = EXCLUDED.heaviest_kettlebell_kg, plate_kinds = EXCLUDED.plate_kinds, plates_total_kg = EXCLUDED.plates_total_kg`,
    [
      hotelId, gym.name, gym.type, gym.description, equipment, gym.hours, gym.size, gym.hasPool, gym.hasSauna, gym.hasPersonalTrainer,
      gym.open24Hours, gym.opensAt, gym.closesAt, gym.sizeSqm, gym.hasFitnessClasses,
      gym.address, gym.distanceMetres, gym.walkingMinutes, gym.latitude, gym.longitude, gym.entry,
      gym.guestFee?.amount ?? null, gym.guestFee?.currency ?? null, gym.guestFee?.per ?? null,
      gym.weeklyHours === null ? null : JSON.stringify(gym.weeklyHours), JSON.stringify(gym.equipmentPieces),
      gym.lightestDumbbellKg, gym.heaviestKettlebellKg, gym.plateKinds, gym.platesTotalKg,
    ],
  );
}

const writableColumns = [
  'slug', 'name', 'description', 'address', 'city_id', 'city', 'country', 'provider_id', 'provider_email', 'contact_email',
  'latitude', 'longitude', 'price_per_night', 'currency', 'price_usd', 'image_url', 'images', 'gym_images', 'booking_url',
  'affiliate_url', 'gym_access_type', 'raw_equipment', 'equipment_labels', 'equipment_mask', 'is_premium', 'status', 'rejection_reason',
  'accessibility_features', 'stated_dumbbell_kg', 'photo_captions',
] as const;

function writableValues(record: HotelRecord, slug: string): unknown[] {
  const derived = derivedColumns(record);
  return [
    slug, record.name, record.description, record.address, record.cityId, record.city, record.country, record.providerId,
    record.providerEmail, record.contactEmail, record.latitude, record.longitude, record.pricePerNight, record.currency,
    derived.priceUsd, record.imageUrl, record.images, record.gymImages, record.bookingUrl, record.affiliateUrl,
    record.gymAccessType, record.rawEquipment, derived.equipmentLabels, derived.equipmentMask, record.isPremium, record.status, record.rejectionReason,
    record.accessibilityFeatures, record.gym?.heaviestDumbbellKg ?? null, JSON.stringify(record.photoCaptions ?? {}),
  ];
}

async function emit(tx: PoolClient, hotel: StoredHotel, events: readonly HotelEvent[]): Promise<void> {
  for (const event of events) {
    if (event.type === 'hotel.rejected') {
      await enqueueEvent(tx, 'hotel.rejected', { ...hotelSnapshot(hotel), reason: event.reason }, { key: hotel.id });
    } else {
      await enqueueEvent(tx, event.type, hotelSnapshot(hotel), { key: hotel.id });
    }
  }
}

/** Extra columns only the seed and the generator set. */
export interface InsertExtras {
  id?: number;
  rating?: number;
  totalReviews?: number;
  createdAt?: Date;
}

/** Inserts a hotel (and its gym) inside the caller's transaction, with its events. */
export async function insertHotel(tx: PoolClient, input: HotelRecord, events: readonly HotelEvent[], extras: InsertExtras = {}): Promise<StoredHotel> {
  const record = await resolveCity(tx, input);
  const slug = await freeSlug(tx, derivedColumns(record).baseSlug, extras.id ?? null);
  const columns: string[] = [...writableColumns];
  const values = writableValues(record, slug);
  const extraColumns: [string, unknown][] = [
    ['id', extras.id],
    ['rating', extras.rating],
    ['total_reviews', extras.totalReviews],
    ['created_at', extras.createdAt],
  ];
  for (const [column, value] of extraColumns) {
    if (value === undefined) continue;
    columns.push(column);
    values.push(value);
  }
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO hotels (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    values,
  );
  const id = rows[0]!.id;
  await writeGym(tx, id, record.gym, record.rawEquipment);
  await refreshGymScores(tx, [id]);
  const stored = (await findHotel(tx, { id }))!;
  await emit(tx, stored, events);
  return stored;
}

/** Creates a hotel; an admin's creation (`audit`) is logged in the same transaction. */
export async function createHotel(pool: Pool, record: HotelRecord, events: readonly HotelEvent[], audit?: AuditActor): Promise<StoredHotel> {
  const hotel = await withTransaction(pool, async (tx) => {
    const created = await insertHotel(tx, record, events);
    if (audit) await recordAudit(tx, audit, 'created', created);
    return created;
  });
  invalidateSearchSummaries();
  return hotel;
}

/**
 * A provider's new listing. The same provider cannot hold two listings of one name at one address:
 * a double submission answers 409 for every copy after the first (the advisory lock orders them).
 */
export async function createProviderListing(
  pool: Pool,
  record: HotelRecord,
  events: readonly HotelEvent[],
  /** Written in the listing's transaction once it exists (the organisation's activity). */
  afterInsert?: (tx: PoolClient, hotel: StoredHotel) => Promise<void>,
): Promise<StoredHotel> {
  const hotel = await withTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`catalog.listing:${record.providerId}`]);
    const { rows } = await tx.query(
      `SELECT 1 FROM hotels WHERE provider_id = $1 AND name_key = fold_text($2) AND fold_text(coalesce(address, '')) = fold_text($3) LIMIT 1`,
      [record.providerId, record.name, record.address ?? ''],
    );
    if (rows.length > 0) throw conflict(messages.listingDuplicate);
    const inserted = await insertHotel(tx, record, events);
    await afterInsert?.(tx, inserted);
    return inserted;
  });
  invalidateSearchSummaries();
  return hotel;
}

/** Replaces a hotel's writable state inside the caller's transaction; the slug follows a new name. */
export async function rewriteHotel(tx: PoolClient, current: StoredHotel, input: HotelRecord, events: readonly HotelEvent[]): Promise<StoredHotel> {
  const record = await resolveCity(tx, input);
  const slug = record.name === current.name ? current.slug : await freeSlug(tx, derivedColumns(record).baseSlug, current.id);
  const values = writableValues(record, slug);
  await tx.query(
    `UPDATE hotels SET ${writableColumns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
    [current.id, ...values],
  );
  await writeGym(tx, current.id, record.gym, record.rawEquipment);
  await markGymFactsEdited(tx, current, record);
  await refreshGymScores(tx, [current.id]);
  const stored = (await findHotel(tx, { id: current.id }))!;
  await emit(tx, stored, events);
  await announceGymChanges(tx, current, stored);
  return stored;
}

/**
 * Locks the hotel, lets `decide` check the caller's rights and compute the new state (it throws
 * the 403/400 answers), then writes it with its events in the same transaction.
 */
export async function updateHotel(
  pool: Pool,
  id: number,
  decide: (current: StoredHotel) => { record: HotelRecord; events: HotelEvent[] },
  audit?: AuditActor,
): Promise<StoredHotel> {
  const hotel = await withTransaction(pool, async (tx) => {
    const current = await findHotel(tx, { id }, { forUpdate: true });
    if (!current) throw notFound(messages.hotelNotFound);
    const { record, events } = decide(current);
    const stored = await rewriteHotel(tx, current, record, events);
    if (audit) {
      const action = auditActionOf(current, stored);
      await recordAudit(tx, audit, action, stored, action === 'rejected' ? stored.rejectionReason : null);
    }
    return stored;
  });
  invalidateSearchSummaries();
  return hotel;
}

/** Deletes a hotel after `authorize` accepts the caller; emits hotel.deleted (and logs an admin's deletion). */
export async function deleteHotel(pool: Pool, id: number, authorize: (current: StoredHotel, tx: PoolClient) => void | Promise<void>, audit?: AuditActor): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const current = await findHotel(tx, { id }, { forUpdate: true });
    if (!current) throw notFound(messages.hotelNotFound);
    await authorize(current, tx);
    await tx.query('DELETE FROM hotels WHERE id = $1', [id]);
    if (audit) await recordAudit(tx, audit, 'deleted', current);
    await enqueueEvent(tx, 'hotel.deleted', { hotelId: id, providerId: current.providerId }, { key: id });
  });
  invalidateSearchSummaries();
}
