import {
  accessibilityFeatureOptions,
  allEquipmentLabels,
  classifyEquipment,
  dailyFromWeek,
  equipmentCategories,
  weekFromDaily,
  weekSummary,
  groupLabelsByCategory,
  slugify,
  type AdminHotelCreate,
  type AccessibilityFeature,
  type AdminHotelUpdate,
  type EquipmentByCategory,
  type EventData,
  type GymAccessType,
  type EquipmentPiece,
  type GuestFee,
  type GymDetails,
  type GymEntryKind,
  type PlateKind,
  type WeeklyHours,
  type GymScoreComponent,
  type GymScoreConfidence,
  type HotelStatus,
  type ProviderHotelCreate,
  type ProviderHotelUpdate,
  roleAllows,
  roleForHotel,
  type OrganisationCapability,
  type OrganisationRole,
} from '@reproute/contracts';
import { normalisePrice, priceInUsd } from './price.ts';

export interface GymRecord {
  name: string | null;
  type: string | null;
  description: string | null;
  /** The hours and size as shown on the hotel page: written from the stated facts below, or free text of older listings. */
  hours: string | null;
  size: string | null;
  /** Stated facts (null: not stated, the text above is read instead, migration 012). */
  open24Hours: boolean | null;
  opensAt: string | null;
  closesAt: string | null;
  sizeSqm: number | null;
  heaviestDumbbellKg: number | null;
  hasPool: boolean;
  hasSauna: boolean;
  hasPersonalTrainer: boolean;
  hasFitnessClasses: boolean;
  /** Where a partner or nearby gym is (migration 022); null: not known (an on-site gym needs none). */
  address: string | null;
  distanceMetres: number | null;
  walkingMinutes: number | null;
  latitude: number | null;
  longitude: number | null;
  /** How a guest gets in, and any fee. */
  entry: GymEntryKind | null;
  guestFee: GuestFee | null;
  /** The hours of each day; stated, or the daily times above for every day. The one source of the hours. */
  weeklyHours: WeeklyHours | null;
  /** Equipment specs: counted pieces with kinds, the lightest dumbbell (the heaviest is heaviestDumbbellKg), plates, kettlebells. */
  equipmentPieces: EquipmentPiece[];
  lightestDumbbellKg: number | null;
  heaviestKettlebellKg: number | null;
  plateKinds: PlateKind[];
  platesTotalKg: number | null;
}

export const emptyGym: GymRecord = {
  name: null,
  type: null,
  description: null,
  hours: null,
  size: null,
  open24Hours: null,
  opensAt: null,
  closesAt: null,
  sizeSqm: null,
  heaviestDumbbellKg: null,
  hasPool: false,
  hasSauna: false,
  hasPersonalTrainer: false,
  hasFitnessClasses: false,
  address: null,
  distanceMetres: null,
  walkingMinutes: null,
  latitude: null,
  longitude: null,
  entry: null,
  guestFee: null,
  weeklyHours: null,
  equipmentPieces: [],
  lightestDumbbellKg: null,
  heaviestKettlebellKg: null,
  plateKinds: [],
  platesTotalKg: null,
};

/** Everything about a hotel that a write sets; counters and derived columns live beside it. */
export interface HotelRecord {
  name: string;
  description: string | null;
  address: string | null;
  cityId: number | null;
  city: string | null;
  country: string | null;
  providerId: string | null;
  providerEmail: string | null;
  contactEmail: string | null;
  latitude: number | null;
  longitude: number | null;
  pricePerNight: number | null;
  currency: string;
  imageUrl: string | null;
  images: string[];
  gymImages: string[];
  /** Captions of the photos, by photo (migration 025); none for a photo left out. */
  photoCaptions?: Record<string, string>;
  bookingUrl: string | null;
  affiliateUrl: string | null;
  gymAccessType: GymAccessType;
  accessibilityFeatures: AccessibilityFeature[];
  rawEquipment: string[];
  isPremium: boolean;
  status: HotelStatus;
  rejectionReason: string | null;
  gym: GymRecord | null;
}

/** Gym facts Postgres derives from the free text (migration 006) and the stored gym score (migration 008). */
export interface StoredGymFacts {
  open24h: boolean;
  sizeSqm: number | null;
  heaviestDumbbellKg: number | null;
  /** Null until the score is first computed (a hotel written before migration 008, until the service starts). */
  score: number | null;
  breakdown: GymScoreComponent[];
  /** How far the score can be trusted (age of the facts, open reports); null until scored by formula version 2. */
  confidence?: GymScoreConfidence | null;
}

export interface StoredHotel extends HotelRecord {
  id: number;
  /** Absent only on hotels built in memory (tests): answers then show no highlights and a score of 0. */
  gymFacts?: StoredGymFacts;
  slug: string;
  equipmentLabels: string[];
  rating: number;
  totalReviews: number;
  affiliateClicks: number;
  pageViews: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Events a hotel write can carry; all but hotel.deleted send the hotel's snapshot. */
export type HotelEvent = { type: 'hotel.created' | 'hotel.updated' | 'hotel.submitted' | 'hotel.approved' } | { type: 'hotel.rejected'; reason: string | null };

/** Who is asking: the token's user, or null for a visitor. */
export interface Viewer {
  id: string;
  email: string;
  roles: readonly string[];
  /** The organisation (the token's `org` claim): its hotels are those whose providerId is its id. */
  organisation?: { id: string; email: string; grants: Record<string, OrganisationRole> } | null;
}

/** The spec's slug; an all-digit slug gets a suffix so it is never read as an id. */
export function slugFor(name: string): string {
  const slug = slugify(name) || 'hotel';
  return /^\d+$/.test(slug) ? `${slug}-hotel` : slug;
}

/** One bit per taxonomy label, bit i for the i-th of allEquipmentLabels: what facet counts add up. */
export function equipmentMask(labels: readonly string[]): number {
  return labels.reduce((mask, label) => {
    const bit = allEquipmentLabels.indexOf(label);
    return bit < 0 ? mask : mask | (1 << bit);
  }, 0);
}

/**
 * The heaviest dumbbell named in raw equipment ("Dumbbells up to 50kg", "Dumbbells 2.5-40kg", "to 90 lb"): the
 * largest number of an item that mentions dumbbells and a unit, pounds converted; null when none does. The
 * same rule as Postgres' heaviest_dumbbell_kg (migration 006), which a unit test holds it to.
 */
export function heaviestDumbbellInText(items: readonly string[]): number | null {
  let heaviest: number | null = null;
  for (const item of items) {
    if (!/dumb-?bell/i.test(item) || !/\d\s*(kg|lb|lbs|pound)/i.test(item)) continue;
    const pounds = /\d\s*(lb|lbs|pound)/i.test(item);
    for (const match of item.matchAll(/(\d+(?:\.\d+)?)/g)) {
      const value = pounds ? Math.round(Number(match[1]) * 0.4536 * 10) / 10 : Number(match[1]);
      if (heaviest === null || value > heaviest) heaviest = value;
    }
  }
  return heaviest;
}

/** The taxonomy label that stands for heavy dumbbells: given by the heaviest dumbbell whenever that is known. */
export const heavyDumbbellLabel = 'dumbbells ≥40kg';
export const heavyDumbbellMinKg = 40;

/**
 * The equipment labels of a record: the taxonomy's reading of the raw items, except that "dumbbells ≥40kg"
 * follows the heaviest dumbbell (stated, else read from the items) whenever one is known, so a card's chip and
 * the gym's dumbbell range never disagree (a "heavy dumbbells" item with a 30 kg range is not ≥40 kg).
 */
export function equipmentLabelsOf(record: Pick<HotelRecord, 'rawEquipment'> & { gym?: Pick<GymRecord, 'heaviestDumbbellKg'> | null }): string[] {
  const equipment = classifyEquipment(record.rawEquipment);
  const heaviest = record.gym?.heaviestDumbbellKg ?? heaviestDumbbellInText(record.rawEquipment);
  if (heaviest !== null) {
    const heavy = heaviest >= heavyDumbbellMinKg;
    const listed = equipment.strength.includes(heavyDumbbellLabel);
    if (heavy && !listed) equipment.strength = allEquipmentLabels.filter((l) => l === heavyDumbbellLabel || equipment.strength.includes(l));
    if (!heavy && listed) equipment.strength = equipment.strength.filter((l) => l !== heavyDumbbellLabel);
  }
  return equipmentCategories.flatMap((c) => equipment[c]);
}

/** Columns computed from a record at write time. */
export function derivedColumns(record: Pick<HotelRecord, 'name' | 'rawEquipment' | 'pricePerNight' | 'currency'> & { gym?: Pick<GymRecord, 'heaviestDumbbellKg'> | null }) {
  const equipmentLabels = equipmentLabelsOf(record);
  return {
    baseSlug: slugFor(record.name),
    equipmentLabels,
    equipmentMask: equipmentMask(equipmentLabels),
    priceUsd: priceInUsd(record.pricePerNight, record.currency),
  };
}

/** The four-category equipment object of a hotel from its stored labels, in taxonomy order. */
export function equipmentObject(labels: readonly string[]): EquipmentByCategory {
  const grouped = groupLabelsByCategory(labels);
  return { strength: grouped.strength ?? [], cardio: grouped.cardio ?? [], specialty: grouped.specialty ?? [], recovery: grouped.recovery ?? [] };
}

/** The hours as the hotel page shows them: "Open 24 hours", "06:00–22:00", or null when not stated. */
export function hoursText(open24Hours: boolean | null, opensAt: string | null, closesAt: string | null): string | null {
  if (open24Hours) return 'Open 24 hours';
  return opensAt && closesAt ? `${opensAt}–${closesAt}` : null;
}

/** Opening and closing times in free text written as a plain range ("6:00 - 22:00"), else nulls. */
export function timesFromText(hours: string | null): { opensAt: string | null; closesAt: string | null } {
  const match = hours ? /^\s*(\d{1,2})[:.](\d{2})\s*[-–—]\s*(\d{1,2})[:.](\d{2})\s*$/.exec(hours) : null;
  if (!match || Number(match[1]) > 23 || Number(match[3]) > 23 || Number(match[2]) > 59 || Number(match[4]) > 59) return { opensAt: null, closesAt: null };
  return { opensAt: `${match[1]!.padStart(2, '0')}:${match[2]}`, closesAt: `${match[3]!.padStart(2, '0')}:${match[4]}` };
}

/** Omitted keeps the current value, null clears it. */
const keep = <T>(value: T | null | undefined, current: T | null): T | null => (value === undefined ? current : (value ?? null));

/** Free-text hours that say the gym never closes ("24 hours", "24/7", "round the clock"), as migration 012 reads them. */
const textSaysAllDay = (hours: string | null) => (hours ? /(24\s*(hours|hrs|h\b|\/\s*7))|round the clock/i.test(hours) : false);

const sizeText = (sqm: number | null) => (sqm === null ? null : `${sqm.toLocaleString('en-US')} sqm`);

/**
 * A gym after an input: an omitted field stays. Stated hours or size rewrite the shown text when they
 * change it; text alone (older clients, the seed) clears the stated value so the text is read instead.
 */
export function gymFrom(input: GymDetails | null | undefined, current: GymRecord | null): GymRecord | null {
  if (input === null) return null;
  if (input === undefined) return current;
  const base = current ?? emptyGym;
  const gym: GymRecord = {
    ...base,
    name: input.name === undefined ? base.name : (input.name ?? null),
    type: input.type === undefined ? base.type : (input.type ?? null),
    description: input.description === undefined ? base.description : (input.description ?? null),
    hours: input.hours === undefined ? base.hours : (input.hours ?? null),
    size: input.size === undefined ? base.size : (input.size ?? null),
    heaviestDumbbellKg: input.heaviestDumbbellKg === undefined ? base.heaviestDumbbellKg : (input.heaviestDumbbellKg ?? null),
    hasPool: input.hasPool ?? base.hasPool,
    hasSauna: input.hasSauna ?? base.hasSauna,
    hasPersonalTrainer: input.hasPersonalTrainer ?? base.hasPersonalTrainer,
    hasFitnessClasses: input.hasFitnessClasses ?? base.hasFitnessClasses,
    address: keep(input.address, base.address),
    distanceMetres: keep(input.distanceMetres, base.distanceMetres),
    walkingMinutes: keep(input.walkingMinutes, base.walkingMinutes),
    latitude: keep(input.latitude, base.latitude),
    longitude: keep(input.longitude, base.longitude),
    entry: keep(input.entry, base.entry),
    guestFee: keep(input.guestFee, base.guestFee),
    equipmentPieces: input.equipmentPieces === undefined ? base.equipmentPieces : (input.equipmentPieces ?? []).filter((p) => p.count >= 0),
    lightestDumbbellKg: keep(input.lightestDumbbellKg, base.lightestDumbbellKg),
    heaviestKettlebellKg: keep(input.heaviestKettlebellKg, base.heaviestKettlebellKg),
    plateKinds: input.plateKinds === undefined ? base.plateKinds : (input.plateKinds ?? []),
    platesTotalKg: keep(input.platesTotalKg, base.platesTotalKg),
  };
  if (input.weeklyHours !== undefined) {
    // The week is the hours' one source: the daily fields and the shown text follow it.
    gym.weeklyHours = input.weeklyHours && Object.keys(input.weeklyHours).length > 0 ? input.weeklyHours : null;
    const daily = gym.weeklyHours ? dailyFromWeek(gym.weeklyHours) : { open24Hours: null, opensAt: null, closesAt: null };
    gym.open24Hours = daily.open24Hours;
    gym.opensAt = daily.opensAt;
    gym.closesAt = daily.closesAt;
    // The shown text is the week's summary whenever there is a week, so a card's chip never disagrees with the days.
    if (gym.weeklyHours) gym.hours = weekSummary(gym.weeklyHours);
    else if (input.hours === undefined && base.weeklyHours) gym.hours = null;
  } else if (input.open24Hours !== undefined || input.opensAt !== undefined || input.closesAt !== undefined) {
    const open24Hours = input.open24Hours ?? (input.opensAt || input.closesAt ? false : base.open24Hours);
    gym.open24Hours = open24Hours;
    gym.opensAt = open24Hours ? null : input.opensAt === undefined ? base.opensAt : (input.opensAt ?? null);
    gym.closesAt = open24Hours ? null : input.closesAt === undefined ? base.closesAt : (input.closesAt ?? null);
    const changed = gym.open24Hours !== base.open24Hours || gym.opensAt !== base.opensAt || gym.closesAt !== base.closesAt;
    if (input.hours === undefined && changed) gym.hours = hoursText(gym.open24Hours, gym.opensAt, gym.closesAt);
    if (changed || !gym.weeklyHours) gym.weeklyHours = weekFromDaily(gym.open24Hours, gym.opensAt, gym.closesAt);
  } else if (input.hours !== undefined) {
    gym.open24Hours = null;
    ({ opensAt: gym.opensAt, closesAt: gym.closesAt } = timesFromText(gym.hours));
    gym.weeklyHours = weekFromDaily(textSaysAllDay(gym.hours), gym.opensAt, gym.closesAt);
  }
  if (input.sizeSqm !== undefined) {
    gym.sizeSqm = input.sizeSqm ?? null;
    if (input.size === undefined && gym.sizeSqm !== base.sizeSqm) gym.size = sizeText(gym.sizeSqm);
  } else if (input.size !== undefined) {
    gym.sizeSqm = null;
  }
  return gym;
}

type ListingInput = ProviderHotelCreate | AdminHotelCreate;

/** Accessibility features once each, in the options' order. */
export function knownFeatures(features: readonly string[]): AccessibilityFeature[] {
  return accessibilityFeatureOptions.filter((feature) => features.includes(feature));
}

function recordFromInput(input: ListingInput, defaults: { pricePerNight: number | null }): Omit<HotelRecord, 'providerId' | 'providerEmail' | 'status' | 'isPremium' | 'affiliateUrl'> {
  return {
    name: input.name,
    description: input.description ?? null,
    address: input.address,
    cityId: input.cityId ?? null,
    city: input.city ?? null,
    country: input.country ?? null,
    contactEmail: input.contactEmail ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    pricePerNight: input.pricePerNight === undefined || input.pricePerNight === null ? defaults.pricePerNight : normalisePrice(input.pricePerNight),
    currency: input.currency ?? 'USD',
    imageUrl: input.imageUrl ?? null,
    images: input.images ?? [],
    gymImages: input.gymImages ?? [],
    photoCaptions: input.photoCaptions ?? {},
    bookingUrl: input.bookingUrl ?? null,
    gymAccessType: input.gymAccessType,
    accessibilityFeatures: knownFeatures(input.accessibilityFeatures ?? []),
    rawEquipment: input.rawEquipment ?? input.gymEquipment ?? [],
    rejectionReason: null,
    gym: gymFrom(input.gym, null),
  };
}

/** A provider's new listing: pending, owned by the provider, price 0 and USD unless given (document 2, section 5). */
export function newProviderListing(input: ProviderHotelCreate, provider: Viewer): HotelRecord {
  return {
    ...recordFromInput(input, { pricePerNight: 0 }),
    // Filed under the organisation (its id and address), whoever of its members added it.
    providerId: provider.organisation?.id ?? provider.id,
    providerEmail: provider.organisation?.email || provider.email,
    affiliateUrl: null,
    isPremium: false,
    status: 'pending',
  };
}

/** An admin's new hotel: live at once unless isApproved is false. */
export function newAdminHotel(input: AdminHotelCreate): HotelRecord {
  return {
    ...recordFromInput(input, { pricePerNight: null }),
    providerId: input.providerId ?? null,
    providerEmail: input.providerEmail ?? null,
    affiliateUrl: input.affiliateUrl ?? null,
    isPremium: input.isPremium ?? false,
    status: input.isApproved === false ? 'pending' : 'approved',
  };
}

function pick<T>(value: T | undefined, current: T): T {
  return value === undefined ? current : value;
}

/** Applies an update: an omitted field stays, null clears a nullable one. */
export function applyListingUpdate(current: HotelRecord, input: ProviderHotelUpdate | AdminHotelUpdate): HotelRecord {
  const equipment = input.rawEquipment ?? input.gymEquipment;
  return {
    ...current,
    name: pick(input.name, current.name),
    description: pick(input.description, current.description) ?? null,
    address: pick(input.address, current.address),
    // A typed city ("another city") replaces the chosen one unless a city id comes with it.
    cityId: (input.cityId === undefined && input.city ? null : pick(input.cityId, current.cityId)) ?? null,
    city: pick(input.city, current.city) ?? null,
    country: pick(input.country, current.country) ?? null,
    contactEmail: pick(input.contactEmail, current.contactEmail) ?? null,
    latitude: pick(input.latitude, current.latitude) ?? null,
    longitude: pick(input.longitude, current.longitude) ?? null,
    pricePerNight: input.pricePerNight === undefined ? current.pricePerNight : normalisePrice(input.pricePerNight),
    currency: input.currency ?? current.currency,
    imageUrl: pick(input.imageUrl, current.imageUrl) ?? null,
    images: input.images ?? current.images,
    gymImages: input.gymImages ?? current.gymImages,
    photoCaptions: input.photoCaptions ?? current.photoCaptions ?? {},
    bookingUrl: pick(input.bookingUrl, current.bookingUrl) ?? null,
    gymAccessType: input.gymAccessType ?? current.gymAccessType,
    accessibilityFeatures: input.accessibilityFeatures === undefined ? current.accessibilityFeatures : knownFeatures(input.accessibilityFeatures),
    rawEquipment: equipment ?? current.rawEquipment,
    gym: gymFrom(input.gym, current.gym),
  };
}

/** Admin-only fields of an update. */
export function applyAdminFields(record: HotelRecord, input: AdminHotelUpdate): HotelRecord {
  return {
    ...record,
    isPremium: input.isPremium ?? record.isPremium,
    affiliateUrl: pick(input.affiliateUrl, record.affiliateUrl) ?? null,
    providerId: pick(input.providerId, record.providerId) ?? null,
    providerEmail: pick(input.providerEmail, record.providerEmail) ?? null,
  };
}

/** Where leads go: the listing's own address, else the owning provider's (ruling 9). */
export function effectiveContactEmail(hotel: Pick<HotelRecord, 'contactEmail' | 'providerEmail'>): string | null {
  return hotel.contactEmail ?? hotel.providerEmail ?? null;
}

export function isAdmin(viewer: Viewer | null): boolean {
  return viewer?.roles.includes('admin') ?? false;
}

/**
 * The viewer's organisation and grants (the token's `org` claim; a provider's token without it is its founder's, of
 * its own id) and its role for a hotel (docs/decisions.md, "Organisations and roles").
 */
export function organisationRoleFor(viewer: Viewer | null, hotel: Pick<HotelRecord, 'providerId'> & { id?: number }): OrganisationRole | null {
  if (viewer === null || hotel.providerId === null) return null;
  const organisation = viewer.organisation ?? (viewer.roles.includes('provider') ? { id: viewer.id, grants: { '*': 'owner' as const } } : null);
  if (!organisation || organisation.id !== hotel.providerId) return null;
  return roleForHotel(organisation.grants, hotel.id ?? null);
}

/** The hotel is one of the viewer's organisation's, and the viewer holds a role for it. */
export function ownsHotel(viewer: Viewer | null, hotel: Pick<HotelRecord, 'providerId'> & { id?: number }): boolean {
  return organisationRoleFor(viewer, hotel) !== null;
}

/** The viewer's role for the hotel allows `capability` (listings: edit, photos, delete; figures: see it). */
export function mayOnHotel(viewer: Viewer | null, hotel: Pick<HotelRecord, 'providerId'> & { id?: number }, capability: OrganisationCapability): boolean {
  return roleAllows(organisationRoleFor(viewer, hotel), capability);
}

/** Ruling 1: visitors see approved hotels; providers also their own listings; admins everything. */
export function canView(viewer: Viewer | null, hotel: Pick<HotelRecord, 'status' | 'providerId'>): boolean {
  return hotel.status === 'approved' || isAdmin(viewer) || ownsHotel(viewer, hotel);
}

/** The state other services keep about a hotel (event-carried state transfer). */
export function hotelSnapshot(hotel: StoredHotel): EventData<'hotel.updated'> {
  return {
    hotelId: hotel.id,
    name: hotel.name,
    slug: hotel.slug,
    city: hotel.city,
    country: hotel.country,
    providerId: hotel.providerId,
    providerEmail: hotel.providerEmail,
    contactEmail: effectiveContactEmail(hotel),
    bookingUrl: hotel.bookingUrl,
    isApproved: hotel.status === 'approved',
    equipmentLabels: hotel.equipmentLabels,
  };
}

/** The next free slug: the base, else base-2, base-3, ... */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A running average after one more rating. */
export function ratingAfterReview(current: { rating: number; totalReviews: number }, newRating: number): { rating: number; totalReviews: number } {
  const totalReviews = current.totalReviews + 1;
  return { rating: (current.rating * current.totalReviews + newRating) / totalReviews, totalReviews };
}
