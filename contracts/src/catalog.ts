import { z } from 'zod';
import { gymScoreConfidence } from './gym-freshness.ts';
import { gymFactMessages, messages, photoCaptionMessages, trainingMessages } from './messages.ts';
import { equipmentCategories, equipmentMatchModes, gymAccessTypes, type EquipmentByCategory, type GymAccessType } from './equipment.ts';
import { searchQueryMaxLength } from './search-values.ts';
import { checkGymFacts, gymFactFields, gymFactsAnswer } from './gym-specs.ts';
import { gymEntryKinds } from './gym-values.ts';
import { photoCaptionMax } from './photo-values.ts';
import { trainingNeedQueryFields, trainingNeedsOfQuery } from './training.ts';
import { supportedCurrencies, type SupportedCurrency, hotelSortOptions, type HotelSort, gymSizeBands, accessibilityFeatureOptions, hotelStatuses } from './catalog-values.ts';

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Images are absolute http(s) URLs or paths served by the catalog under /images/. */
export function isImageRef(value: string): boolean {
  return isHttpUrl(value) || (/^\/images\/[A-Za-z0-9._/-]+$/.test(value) && !value.includes('..'));
}

const requiredText = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, maxMessage);

const optionalText = (max: number, maxMessage?: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, maxMessage).nullish());

const gymAccessTypeField = z.enum(gymAccessTypes, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? messages.gymAccessTypeRequired : messages.gymAccessTypeInvalid),
});

/** A decimal string ("450.00", as the admin form sends it) or a number; '' means absent. */
const priceField = z.preprocess(
  (value) => {
    const v = emptyToUndefined(value);
    if (typeof v === 'string') return /^\s*\d+(\.\d{1,2})?\s*$/.test(v) ? Number(v) : Number.NaN;
    return v;
  },
  z.number({ error: messages.pricePerNightInvalid }).min(0, messages.pricePerNightInvalid).max(10_000_000, messages.pricePerNightInvalid).nullish(),
);

const currencyField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(supportedCurrencies, { error: messages.currencyInvalid }),
);

const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      return typeof v === 'string' ? Number(v) : v;
    },
    z.number({ error: message }).min(min, message).max(max, message).nullish(),
  );

const imageRef = z.string({ error: messages.imageUrlInvalid }).trim().refine(isImageRef, messages.imageUrlInvalid);
const optionalImageRef = z.preprocess(emptyToUndefined, imageRef.nullish());
const imageList = z.array(imageRef).max(20);
/**
 * Captions of a listing's photos, by photo (its URL or /images/ path): what it shows, for the gallery's caption and
 * its alt text. A blank caption is none (left out); at most one per photo of the two lists.
 */
export const photoCaptionsField = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .map(([url, text]) => [url.trim(), typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : text] as const)
            .filter(([, text]) => text !== ''),
        )
      : value,
  z.record(
    z.string().refine(isImageRef, photoCaptionMessages.captionNotInListing),
    z.string({ error: photoCaptionMessages.captionMax }).max(photoCaptionMax, photoCaptionMessages.captionMax),
    { error: (issue) => (issue.code === 'invalid_key' ? photoCaptionMessages.captionNotInListing : photoCaptionMessages.captionsInvalid) },
  ).refine((captions) => Object.keys(captions).length <= 40, photoCaptionMessages.captionsInvalid),
);

const bookingUrlRequired = z
  .string({ error: messages.bookingUrlRequired })
  .trim()
  .min(1, messages.bookingUrlRequired)
  .max(2000, messages.bookingUrlInvalid)
  .refine(isHttpUrl, messages.bookingUrlInvalid);
const bookingUrlOptional = z.preprocess(emptyToUndefined, z.string().trim().max(2000, messages.bookingUrlInvalid).refine(isHttpUrl, messages.bookingUrlInvalid).nullish());

const equipmentList = z.array(z.string({ error: messages.equipmentItemInvalid }).trim().min(1, messages.equipmentItemInvalid).max(100, messages.equipmentItemInvalid)).max(80);

const cityIdField = z.preprocess(emptyToUndefined, z.coerce.number({ error: messages.cityNotFound }).int(messages.cityNotFound).positive(messages.cityNotFound).nullish());

/** Messages of the structured gym facts and of a listing's place. */
export const listingMessages = {
  gymTimeInvalid: 'Times must be written as HH:MM, from 00:00 to 23:59',
  gymHoursIncomplete: 'Give both the opening and the closing time, or tick Open 24 hours',
  gymHoursSame: 'The opening and closing times must differ',
  gymSizeInvalid: 'Gym size must be a whole number of square metres from 1 to 100000',
  gymDumbbellInvalid: 'Heaviest dumbbell must be a number of kilograms from 1 to 200',
  cityRequired: 'Choose a city, or choose "Another city" and enter its name and country',
  cityNameRequired: 'Enter the name of the city',
  countryRequired: 'Enter the country of the city',
  cityNameMax: 'City names are at most 120 characters',
  countryMax: 'Country names are at most 120 characters',
  cityMergeSame: 'Choose two different cities to merge',
  cityMergeNotFound: 'One of the cities to merge does not exist',
} as const;

/** "6:00", "06:00" or "06:00:00" as "06:00"; anything else fails with gymTimeInvalid. */
const timeOfDay = z.preprocess(
  (value) => {
    const v = emptyToUndefined(value);
    if (typeof v !== 'string') return v;
    const match = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(v);
    return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : v;
  },
  z.string({ error: listingMessages.gymTimeInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, listingMessages.gymTimeInvalid).nullish(),
);

/** A number from a form ("450", 450) or null to clear; '' means absent. */
const formNumber = (min: number, max: number, message: string, options: { integer?: boolean } = {}) =>
  z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      return typeof v === 'string' ? (/^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : v;
    },
    (options.integer ? z.number({ error: message }).int(message) : z.number({ error: message })).min(min, message).max(max, message).nullish(),
  );

export const gymDetails = z
  .object({
    name: optionalText(200),
    type: optionalText(100),
    description: optionalText(2000),
    /** Free-text hours and size (older clients); the structured fields below win when given. */
    hours: optionalText(100),
    size: optionalText(100),
    open24Hours: z.boolean().nullish(),
    opensAt: timeOfDay,
    closesAt: timeOfDay,
    sizeSqm: formNumber(1, 100_000, listingMessages.gymSizeInvalid, { integer: true }),
    heaviestDumbbellKg: formNumber(1, 200, listingMessages.gymDumbbellInvalid),
    hasPool: z.boolean().optional(),
    hasSauna: z.boolean().optional(),
    hasPersonalTrainer: z.boolean().optional(),
    hasFitnessClasses: z.boolean().optional(),
    ...gymFactFields,
  })
  .check((ctx) => {
    checkGymFacts(ctx);
    const gym = ctx.value;
    if (gym.open24Hours === true || (gym.opensAt === undefined && gym.closesAt === undefined)) return;
    if (!gym.opensAt !== !gym.closesAt) {
      ctx.issues.push({ code: 'custom', message: listingMessages.gymHoursIncomplete, input: gym, path: [gym.opensAt ? 'closesAt' : 'opensAt'] });
    } else if (gym.opensAt && gym.opensAt === gym.closesAt) {
      ctx.issues.push({ code: 'custom', message: listingMessages.gymHoursSame, input: gym, path: ['closesAt'] });
    }
  });
export type GymDetails = z.infer<typeof gymDetails>;

/** Fields a provider and an admin both send (document 2, sections 5 and 7); unknown fields are dropped. */
const listingShape = {
  name: requiredText(messages.hotelNameRequired, 200, messages.hotelNameMax),
  address: requiredText(messages.addressRequired, 300, messages.addressMax),
  description: optionalText(5000, messages.descriptionMax),
  cityId: cityIdField,
  /** A place not in the list ("another city"): created, or matched to a known city ignoring case and accents. */
  city: optionalText(120, listingMessages.cityNameMax),
  country: optionalText(120, listingMessages.countryMax),
  pricePerNight: priceField,
  currency: currencyField.optional(),
  gymAccessType: gymAccessTypeField,
  imageUrl: optionalImageRef,
  images: imageList.optional(),
  gymImages: imageList.optional(),
  photoCaptions: photoCaptionsField.optional(),
  rawEquipment: equipmentList.optional(),
  /** The data model's name for rawEquipment; accepted as an alias. */
  gymEquipment: equipmentList.optional(),
  contactEmail: z.preprocess(emptyToUndefined, z.string().trim().toLowerCase().pipe(z.email({ error: messages.contactEmailInvalid })).nullish()),
  latitude: coordinate(-90, 90, messages.latitudeInvalid),
  longitude: coordinate(-180, 180, messages.longitudeInvalid),
  gym: gymDetails.nullish(),
  accessibilityFeatures: z.array(z.enum(accessibilityFeatureOptions, { error: messages.accessibilityFeatureInvalid })).max(accessibilityFeatureOptions.length).optional(),
};

type PlaceFields = { cityId?: number | null; city?: string | null; country?: string | null };

/** A new listing names its place: a city from the list, or a city and its country. */
function requirePlace(ctx: { value: PlaceFields; issues: unknown[] }) {
  const { cityId, city, country } = ctx.value;
  if (cityId) return;
  if (!city && !country) ctx.issues.push({ code: 'custom', message: listingMessages.cityRequired, input: ctx.value, path: ['cityId'] });
  else if (!city) ctx.issues.push({ code: 'custom', message: listingMessages.cityNameRequired, input: ctx.value, path: ['city'] });
  else if (!country) ctx.issues.push({ code: 'custom', message: listingMessages.countryRequired, input: ctx.value, path: ['country'] });
}

/** An edit that clears the city must name another one; a city not in the list needs its country. */
function placeOfEdit(ctx: { value: PlaceFields; issues: unknown[] }) {
  const { cityId, city, country } = ctx.value;
  if (cityId) return;
  if (cityId === null && !city) ctx.issues.push({ code: 'custom', message: listingMessages.cityRequired, input: ctx.value, path: ['cityId'] });
  else if ((cityId === null || city) && !country) ctx.issues.push({ code: 'custom', message: listingMessages.countryRequired, input: ctx.value, path: ['country'] });
}

/** The provider listing's fields without the place rule (the listing form extends it). */
export const providerHotelFields = z.object({ ...listingShape, bookingUrl: bookingUrlRequired });

/** POST /api/provider/hotels. Provider and approval fields are not accepted from the client. */
export const providerHotelCreate = providerHotelFields.check(requirePlace);
export type ProviderHotelCreate = z.infer<typeof providerHotelCreate>;

/** PUT /api/provider/hotels/{id}: any subset of the create fields; an omitted field stays as it is. */
export const providerHotelUpdate = providerHotelFields.partial().check(placeOfEdit);
export type ProviderHotelUpdate = z.infer<typeof providerHotelUpdate>;

const adminHotelFields = z.object({
  ...listingShape,
  bookingUrl: bookingUrlOptional,
  affiliateUrl: bookingUrlOptional,
  isPremium: z.boolean().optional(),
  isApproved: z.boolean().optional(),
  providerId: z.preprocess(emptyToUndefined, z.string().uuid().nullish()),
  providerEmail: z.preprocess(emptyToUndefined, z.string().trim().toLowerCase().pipe(z.email({ error: messages.contactEmailInvalid })).nullish()),
});

/** POST /api/hotels (admin form, document 2): bookingUrl optional, plus isPremium and optionally the approval flag. */
export const adminHotelCreate = adminHotelFields.check(requirePlace);
export type AdminHotelCreate = z.infer<typeof adminHotelCreate>;

export const adminHotelUpdate = adminHotelFields.partial().check(placeOfEdit);
export type AdminHotelUpdate = z.infer<typeof adminHotelUpdate>;

/**
 * Fields of an approved listing that a provider's edit cannot change until an admin approves the
 * change (what travellers trust: name, location, where they book, where leads go, photos, and the
 * gym: its equipment and facts, which search and the gym score use). The approved values stay public
 * while the revision waits; other fields apply at once.
 */
export const reviewedListingFields = ['name', 'address', 'cityId', 'city', 'country', 'bookingUrl', 'contactEmail', 'imageUrl', 'images', 'gymImages', 'rawEquipment', 'gym', 'photoCaptions'] as const;
export type ReviewedListingField = (typeof reviewedListingFields)[number];

/** One field of a revision: the live value and the value awaiting review. */
export const revisionChange = z.object({ field: z.enum(reviewedListingFields), from: z.unknown(), to: z.unknown() });
export type RevisionChange = z.infer<typeof revisionChange>;

/** A provider's changes to an approved listing that await an admin (GET /api/admin/hotels/revisions). */
export const hotelRevisionAnswer = z.object({
  hotelId: z.number().int(),
  hotelName: z.string(),
  providerEmail: z.string().nullable(),
  submittedAt: z.string(),
  changes: z.array(revisionChange),
});
export type HotelRevision = z.infer<typeof hotelRevisionAnswer>;

/**
 * PUT /api/hotels/{id}/approval and PUT /api/admin/hotels/{id}/revision: approve, or reject with the reason the
 * provider is emailed (required: a rejection the provider cannot act on is not sent).
 */
export const hotelApprovalRequest = z
  .object({
    isApproved: z.boolean({ error: messages.approvalDecisionRequired }),
    reason: z.preprocess(emptyToUndefined, z.string().trim().max(1000, messages.rejectionReasonMax).optional()),
  })
  .check((ctx) => {
    if (ctx.value.isApproved === false && !ctx.value.reason) {
      ctx.issues.push({ code: 'custom', message: messages.listingRejectionReasonRequired, input: ctx.value.reason, path: ['reason'] });
    }
  });
export type HotelApprovalRequest = z.infer<typeof hotelApprovalRequest>;

/** A comma-separated list (or repeated parameter) reduced to the known values, in order, once each; unknown ones are dropped like unknown `eq` labels. */
function knownList<T extends string>(known: readonly T[]) {
  return z.preprocess((value) => {
    const parts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string').flatMap((v) => v.split(','));
    const wanted = parts.map((p) => p.trim().toLowerCase());
    return known.filter((k) => wanted.includes(k));
  }, z.array(z.enum(known as [T, ...T[]])));
}

const optionalNumber = (min: number, max: number, message: string) =>
  z.preprocess((value) => {
    const v = emptyToUndefined(value);
    return typeof v === 'string' ? (/^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : v;
  }, z.number({ error: message }).min(min, message).max(max, message).optional());

/**
 * GET /api/hotels/search: the spec's filter shape (document 2, section 3). `query` (alias `q`),
 * `eq` (comma-separated labels), `eqMatch` (`all`, the default: every chosen category; `any`: any chosen label), `sort` (alias `sortBy`), a point (`lat`, `lng`) for distance,
 * price bounds in `currency` (default USD), `minRating`, `gymAccessType`, `accessibilityFeatures` (all
 * required), and the lifter's gym facts
 * (`open24h`, `gymSize`, `minDumbbellKg`). Unknown sort and list values are dropped; malformed
 * numbers, a half point and a price range with min above max answer 400; an unknown `eqMatch` is `all`, as an unknown sort
 * is the default sort.
 */
const searchFlag = z.preprocess((value) => value === 'true' || value === '1' || value === true, z.boolean());

export const hotelSearchQuery = z
  .object({
    query: z.preprocess(emptyToUndefined, z.string().trim().max(searchQueryMaxLength, messages.searchQueryTooLong).optional()),
    q: z.preprocess(emptyToUndefined, z.string().trim().max(searchQueryMaxLength, messages.searchQueryTooLong).optional()),
    eq: z.string().max(2000).optional(),
    eqMatch: z.preprocess(
      (value) => (typeof value === 'string' && value.trim().toLowerCase() === 'any' ? 'any' : 'all'),
      z.enum(equipmentMatchModes),
    ),
    sort: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.string().max(40).optional()),
    sortBy: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.string().max(40).optional()),
    lat: optionalNumber(-90, 90, messages.searchPointInvalid),
    lng: optionalNumber(-180, 180, messages.searchPointInvalid),
    minPrice: optionalNumber(0, 10_000_000, messages.searchPriceInvalid),
    maxPrice: optionalNumber(0, 10_000_000, messages.searchPriceInvalid),
    currency: z.preprocess(
      (value) => (typeof value === 'string' && supportedCurrencies.includes(value.trim().toUpperCase() as SupportedCurrency) ? value.trim().toUpperCase() : 'USD'),
      z.enum(supportedCurrencies),
    ),
    minRating: optionalNumber(0, 5, messages.searchRatingInvalid),
    gymAccessType: knownList(gymAccessTypes),
    accessibilityFeatures: knownList(accessibilityFeatureOptions),
    open24h: z.preprocess((value) => value === 'true' || value === '1' || value === true, z.boolean()),
    gymSize: knownList(gymSizeBands),
    minDumbbellKg: optionalNumber(1, 200, messages.searchDumbbellInvalid),
    // The gym's specs (docs/decisions.md, "Gym facts and equipment specs"): a hotel that does not state one is never
    // dropped silently, the answer counts it in `unknownFacts`.
    minRacks: optionalNumber(1, 20, gymFactMessages.searchMinRacksInvalid).refine((n) => n === undefined || Number.isInteger(n), gymFactMessages.searchMinRacksInvalid),
    adjustableBench: searchFlag,
    openEarly: searchFlag,
    openLate: searchFlag,
    entry: knownList(gymEntryKinds),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(24),
    // "My training, matched" (contracts/src/training.ts): the traveller's needs, for `sort=fit`.
    ...trainingNeedQueryFields,
  })
  .check((ctx) => {
    const q = ctx.value;
    if ((q.lat === undefined) !== (q.lng === undefined)) ctx.issues.push({ code: 'custom', message: messages.searchPointInvalid, input: q, path: ['lat'] });
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice)
      ctx.issues.push({ code: 'custom', message: messages.searchPriceRangeInvalid, input: q, path: ['minPrice'] });
    if ((q.sort ?? q.sortBy) === 'distance' && (q.lat === undefined || q.lng === undefined))
      ctx.issues.push({ code: 'custom', message: messages.searchDistanceNeedsPoint, input: q, path: ['sort'] });
    if ((q.sort ?? q.sortBy) === 'fit' && trainingNeedsOfQuery(q) === null)
      ctx.issues.push({ code: 'custom', message: trainingMessages.fitNeedsNeeds, input: q, path: ['sort'] });
  })
  .transform(({ sortBy, ...q }) => {
    const wanted = q.sort ?? sortBy;
    // `sort` arrives lower-cased, so gymScore is matched without regard to case.
    const sort: HotelSort = hotelSortOptions.find((option) => option.toLowerCase() === wanted) ?? 'rating';
    return { ...q, sort };
  });
export type HotelSearchQuery = z.output<typeof hotelSearchQuery>;

/** A query's fields as applied: a field the caller left out is null rather than absent. */
type Applied<T> = { [K in keyof T]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };

/**
 * The search's filters beyond text, equipment labels and sort, as the catalog applies them (the answer's `filters`) and
 * the search page keeps them in its URL (with the sort added): how the labels combine (`eqMatch`), the search query's
 * own fields, a bound not given as null, and `lat` with `lng` as one point, the one distances are measured from.
 */
export type HotelSearchFilters = Applied<
  Pick<
    HotelSearchQuery,
    'eqMatch' | 'minPrice' | 'maxPrice' | 'currency' | 'minRating' | 'gymAccessType' | 'accessibilityFeatures' | 'open24h' | 'gymSize' | 'minDumbbellKg' | 'minRacks' | 'adjustableBench' | 'openEarly' | 'openLate' | 'entry'
  >
> & { point: { lat: NonNullable<HotelSearchQuery['lat']>; lng: NonNullable<HotelSearchQuery['lng']> } | null };

/** GET /api/hotels: the public list; `all=true` (admins) includes pending and rejected listings. */
export const hotelListQuery = z.object({
  all: z.enum(['true', 'false']).optional(),
  ids: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const cityAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  hotelCount: z.number().int(),
  /** Admins only: listings of any status in the city (what a merge moves). */
  listingCount: z.number().int().optional(),
});
export type City = z.infer<typeof cityAnswer>;

/** POST /api/cities/merge (admins): the duplicate city's listings move to the kept city, then the duplicate is removed. */
export const cityMergeRequest = z.object({
  fromCityId: z.coerce.number({ error: listingMessages.cityMergeNotFound }).int(listingMessages.cityMergeNotFound).positive(listingMessages.cityMergeNotFound),
  intoCityId: z.coerce.number({ error: listingMessages.cityMergeNotFound }).int(listingMessages.cityMergeNotFound).positive(listingMessages.cityMergeNotFound),
}).refine((body) => body.fromCityId !== body.intoCityId, { message: listingMessages.cityMergeSame, path: ['intoCityId'] });
export type CityMergeRequest = z.infer<typeof cityMergeRequest>;
export const cityMergeAnswer = z.object({ city: cityAnswer, movedListings: z.number().int() });
export type CityMergeAnswer = z.infer<typeof cityMergeAnswer>;

const equipmentObject = z.object(
  Object.fromEntries(equipmentCategories.map((c) => [c, z.array(z.string())])) as Record<keyof EquipmentByCategory, z.ZodArray<z.ZodString>>,
);

/** The gym score's components (docs/decisions.md, "Gym score"); each gives at most `maxPoints`, 5 in all. */
export const gymScoreComponentKeys = ['variety', 'strength', 'size', 'hours', 'reviews'] as const;
export const gymScoreComponent = z.object({
  key: z.enum(gymScoreComponentKeys),
  label: z.string(),
  points: z.number().min(0),
  maxPoints: z.number().positive(),
  /** One line saying why the component gave these points. */
  reason: z.string(),
});
export type GymScoreComponent = z.infer<typeof gymScoreComponent>;

/** What a hotel card shows about the gym at a glance: hours, floor area, heaviest dumbbell or a signature item. */
export const gymHighlightKinds = ['hours', 'size', 'dumbbell', 'signature'] as const;
export const gymHighlight = z.object({ kind: z.enum(gymHighlightKinds), label: z.string() });
export type GymHighlight = z.infer<typeof gymHighlight>;

/** The hotel as every catalog answer shows it (docs/api.md). */
export const hotelAnswer = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  cityId: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  price: z.number().nullable(),
  pricePerNight: z.number().nullable(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  images: z.array(z.string()),
  gymImages: z.array(z.string()),
  /** Captions of the photos, by photo (docs/decisions.md, "Photos in a lightbox"); a photo without one is left out. */
  photoCaptions: z.record(z.string(), z.string()).optional(),
  bookingUrl: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
  rating: z.number(),
  totalReviews: z.number().int(),
  gymAccessType: z.enum(gymAccessTypes),
  accessibilityFeatures: z.array(z.enum(accessibilityFeatureOptions)),
  rawEquipment: z.array(z.string()),
  equipment: equipmentObject,
  gym: z
    .object({
      name: z.string().nullable(),
      type: z.string().nullable(),
      description: z.string().nullable(),
      hours: z.string().nullable(),
      size: z.string().nullable(),
      hasPool: z.boolean(),
      hasSauna: z.boolean(),
      hasPersonalTrainer: z.boolean(),
      /** The gym facts search and the gym score use: as stated in the listing form, else read from the text above. */
      open24Hours: z.boolean().optional(),
      opensAt: z.string().nullable().optional(),
      closesAt: z.string().nullable().optional(),
      sizeSqm: z.number().nullable().optional(),
      heaviestDumbbellKg: z.number().nullable().optional(),
      hasFitnessClasses: z.boolean().optional(),
      ...gymFactsAnswer,
    })
    .nullable(),
  isPremium: z.boolean(),
  isApproved: z.boolean(),
  status: z.enum(hotelStatuses),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Our gym score, 0-5 to one decimal, and the points of each component (the hotel page's "Why"). */
  gymScore: z.number().min(0).max(5),
  gymScoreBreakdown: z.array(gymScoreComponent),
  /** Up to three gym facts for the card, most telling first. */
  gymHighlights: z.array(gymHighlight).max(3),
  /** How far the gym score can be trusted: how old the facts are and the open reports (docs/decisions.md, "Gym facts that say how old they are"). */
  gymScoreConfidence: gymScoreConfidence.optional(),
  /** Only in a search with a point (lat, lng): the great-circle distance from it, in km to one decimal. */
  distanceKm: z.number().nullable().optional(),
  /** Only in answers to the owning provider and admins: the owner's account, the business figures, contacts and moderation. */
  providerId: z.string().nullable().optional(),
  affiliateClicks: z.number().int().optional(),
  pageViews: z.number().int().optional(),
  contactEmail: z.string().nullable().optional(),
  providerEmail: z.string().nullable().optional(),
  rejectionReason: z.string().nullable().optional(),
  /**
   * Owner and admins: the provider's changes to the live listing, or null; the fields above stay the approved ones.
   * `status` `pending` awaits an admin; `rejected` was turned down with `rejectionReason` and is kept for the provider
   * to fix and send again (their next save sends it back to review) or discard.
   */
  pendingRevision: z
    .object({
      submittedAt: z.string(),
      changes: z.array(revisionChange),
      status: z.enum(['pending', 'rejected']).optional(),
      rejectionReason: z.string().nullable().optional(),
      decidedAt: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type Hotel = z.infer<typeof hotelAnswer> & { gymAccessType: GymAccessType };

export const hotelSearchAnswer = z.object({
  items: z.array(hotelAnswer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** For every taxonomy label, how many hotels of the whole result (all pages) carry it. */
  facets: z.record(z.string(), z.number().int()),
  /** The equipment labels the search applied (unknown `eq` labels dropped). */
  equipment: z.array(z.string()),
  query: z.string(),
  /**
   * Set when the query as typed found nothing and a close spelling did (docs/decisions.md, "How search matches
   * text"): the corrected text, whose hotels `items`, `total` and the counts then are; null otherwise.
   */
  didYouMean: z.string().nullable().optional(),
  sort: z.enum(hotelSortOptions),
  /** The other filters as applied (unknown values dropped); absent bounds are null. */
  filters: z.object({
    /** How the chosen equipment combined: `all` (every chosen category) or `any` (any chosen label). */
    eqMatch: z.enum(equipmentMatchModes),
    minPrice: z.number().nullable(),
    maxPrice: z.number().nullable(),
    currency: z.enum(supportedCurrencies),
    minRating: z.number().nullable(),
    gymAccessType: z.array(z.enum(gymAccessTypes)),
    accessibilityFeatures: z.array(z.enum(accessibilityFeatureOptions)),
    open24h: z.boolean(),
    gymSize: z.array(z.enum(gymSizeBands)),
    minDumbbellKg: z.number().nullable(),
    minRacks: z.number().int().nullable(),
    adjustableBench: z.boolean(),
    openEarly: z.boolean(),
    openLate: z.boolean(),
    entry: z.array(z.enum(gymEntryKinds)),
    point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  }) satisfies z.ZodType<HotelSearchFilters>,
  /** Counts over the whole result (all pages) for every value of the other filters, as `facets` does for equipment. */
  filterFacets: z.object({
    gymAccessType: z.record(z.enum(gymAccessTypes), z.number().int()),
    /** A hotel must have every chosen feature: each count is the result with that feature added. */
    accessibilityFeatures: z.record(z.enum(accessibilityFeatureOptions), z.number().int()),
    minRating: z.record(z.string(), z.number().int()),
    open24h: z.number().int(),
    gymSize: z.record(z.enum(gymSizeBands), z.number().int()),
    minDumbbellKg: z.record(z.string(), z.number().int()),
    /** The gym's specs, counted as the others are: at least 1, 2 or 4 racks; an adjustable bench; open before 06:00 and after 22:00 every day it opens; each way in. */
    minRacks: z.record(z.string(), z.number().int()).optional(),
    adjustableBench: z.number().int().optional(),
    openEarly: z.number().int().optional(),
    openLate: z.number().int().optional(),
    entry: z.record(z.enum(gymEntryKinds), z.number().int()).optional(),
    /** The lowest and highest nightly price of the result, in `filters.currency`; null when none has a price. */
    priceRange: z.object({ min: z.number(), max: z.number() }).nullable(),
  }),
  /**
   * For each spec filter, the hotels that match every other filter but state nothing for it (no heaviest dumbbell,
   * no rack count, no benches, no hours, no way in): what the search page shows as "N more hotels have no data on this".
   */
  unknownFacts: z
    .object({ minDumbbellKg: z.number().int(), minRacks: z.number().int(), adjustableBench: z.number().int(), openEarly: z.number().int(), openLate: z.number().int(), entry: z.number().int() })
    .optional(),
});
export type HotelSearchAnswer = z.infer<typeof hotelSearchAnswer>;

// The admin hotel table's sort keys, options and default: plain values in catalog-values.ts (the admin page imports them without zod).
import { adminHotelSortKeys, adminHotelSortOptions, defaultAdminHotelSort, type AdminHotelSort, type AdminHotelSortKey } from './catalog-values.ts';
export { adminHotelSortKeys, adminHotelSortOptions, defaultAdminHotelSort, type AdminHotelSort, type AdminHotelSortKey };

/**
 * GET /api/admin/hotels: `q` (name, city or country contains it, case and accents folded; with an "@", the
 * provider's email contains it too), `status`,
 * `sort` (name, created, status, city; `-` prefix for descending; unknown values are dropped for the
 * default `-created`, as search does), `page` and `pageSize` (at most 100). A bad status, page or
 * pageSize answers 400.
 */
export const adminHotelListQuery = z
  .object({
    q: z.preprocess(emptyToUndefined, z.string().trim().max(200, messages.adminHotelQueryTooLong).optional()),
    status: z.preprocess(
      (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toLowerCase()) : value),
      z.enum(hotelStatuses, { error: messages.adminHotelStatusInvalid }).optional(),
    ),
    sort: z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.string().max(40).optional()),
    page: z.coerce.number({ error: messages.adminHotelPageInvalid }).int(messages.adminHotelPageInvalid).min(1, messages.adminHotelPageInvalid).max(10_000, messages.adminHotelPageInvalid).default(1),
    pageSize: z.coerce.number({ error: messages.adminHotelPageSizeInvalid }).int(messages.adminHotelPageSizeInvalid).min(1, messages.adminHotelPageSizeInvalid).max(100, messages.adminHotelPageSizeInvalid).default(25),
  })
  .transform(({ sort, ...rest }) => ({
    ...rest,
    sort: (adminHotelSortOptions as readonly string[]).includes(sort ?? '') ? (sort as AdminHotelSort) : defaultAdminHotelSort,
  }));
export type AdminHotelListQuery = z.output<typeof adminHotelListQuery>;

/** One page of the admin hotel table; `sort` is the order applied (after dropping an unknown one). */
export const adminHotelListAnswer = z.object({
  items: z.array(hotelAnswer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sort: z.enum(adminHotelSortOptions),
});
export type AdminHotelListAnswer = z.infer<typeof adminHotelListAnswer>;

/**
 * GET /api/stats: the home page's summary figures, from the live catalogue and accounts (ruling 15): approved
 * hotels, the countries they are in, travellers' accounts (identity's events, projected into the catalog), and
 * the average of the approved reviews of approved hotels (null before any). The home page writes them in the
 * "N+" form only when true (docs/decisions.md, "Summary figures").
 */
export const siteStats = z.object({
  hotels: z.number().int().min(0),
  countries: z.number().int().min(0),
  travellers: z.number().int().min(0),
  averageRating: z.number().min(1).max(5).nullable(),
  ratings: z.number().int().min(0),
  generatedAt: z.string(),
});
export type SiteStats = z.infer<typeof siteStats>;

/** GET /api/admin/hotels/stats: the admin dashboard's cards over every hotel (any status). */
export const adminHotelStats = z.object({ total: z.number().int(), premium: z.number().int(), affiliateClicks: z.number().int() });
export type AdminHotelStats = z.infer<typeof adminHotelStats>;

/** What an admin did to a hotel, as the audit log records it. */
export const adminAuditActions = ['created', 'edited', 'approved', 'rejected', 'deleted', 'revision_approved', 'revision_rejected'] as const;
export type AdminAuditAction = (typeof adminAuditActions)[number];

/** GET /api/admin/hotels/audit: `page` (default 1) and `pageSize` (1-100, default 25). */
export const adminAuditQuery = z.object({
  page: z.coerce.number({ error: messages.adminHotelPageInvalid }).int(messages.adminHotelPageInvalid).min(1, messages.adminHotelPageInvalid).max(10_000, messages.adminHotelPageInvalid).default(1),
  pageSize: z.coerce.number({ error: messages.adminHotelPageSizeInvalid }).int(messages.adminHotelPageSizeInvalid).min(1, messages.adminHotelPageSizeInvalid).max(100, messages.adminHotelPageSizeInvalid).default(25),
});
export type AdminAuditQuery = z.output<typeof adminAuditQuery>;

export const adminAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.enum(adminAuditActions),
  hotelId: z.number().int(),
  hotelName: z.string(),
  /** The rejection reason, when there is one. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;
export const adminAuditAnswer = z.object({ items: z.array(adminAuditEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminAuditAnswer = z.infer<typeof adminAuditAnswer>;

/** GET /api/sitemap-hotels (read by the gateway for /sitemap.xml): every approved hotel, by id, with when it last changed. */
export const sitemapHotel = z.object({ id: z.number().int(), slug: z.string(), updatedAt: z.string() });
export type SitemapHotel = z.infer<typeof sitemapHotel>;
export const sitemapHotelsAnswer = z.object({ hotels: z.array(sitemapHotel) });
