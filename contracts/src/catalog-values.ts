// Catalog values without schemas: the browser's search page and cards import these without pulling
// zod into their bundle (catalog.ts builds the schemas from them).

/**
 * Currencies a listing may be priced in. The admin form offers USD, GBP, EUR and JPY, one provider
 * form CAD; the seed also uses AED. Any of these is shown with the one price formatter (ruling 12).
 */
export const supportedCurrencies = ['USD', 'GBP', 'EUR', 'JPY', 'CAD', 'AED', 'AUD', 'CHF', 'SGD'] as const;
export type SupportedCurrency = (typeof supportedCurrencies)[number];

/** `distance` needs a point (lat and lng), `fit` the traveller's training needs (`need*`); the others always apply. */
export const hotelSortOptions = ['rating', 'price', 'name', 'distance', 'gymScore', 'fit'] as const;
export type HotelSort = (typeof hotelSortOptions)[number];

/** Gym size bands by floor area: small under 400 sqm, medium 400-999, large 1,000 and over. */
export const gymSizeBands = ['small', 'medium', 'large'] as const;
export type GymSizeBand = (typeof gymSizeBands)[number];
export const gymSizeBandLimits: Record<GymSizeBand, { minSqm: number; maxSqm: number | null }> = {
  small: { minSqm: 0, maxSqm: 399 },
  medium: { minSqm: 400, maxSqm: 999 },
  large: { minSqm: 1000, maxSqm: null },
};
/** A hotel's accessibility features (the spec's hasWheelchairAccess, hasElevator, hasAdaptiveEquipment as one list). */
export const accessibilityFeatureOptions = ['wheelchair-access', 'elevator', 'adaptive-equipment'] as const;
export type AccessibilityFeature = (typeof accessibilityFeatureOptions)[number];
export const accessibilityFeatureLabels: Record<AccessibilityFeature, string> = {
  'wheelchair-access': 'Wheelchair access',
  elevator: 'Elevator',
  'adaptive-equipment': 'Adaptive gym equipment',
};

/** Heaviest-dumbbell thresholds offered as filters (kg); facet counts are given for each. */
export const dumbbellThresholdsKg = [30, 40, 50] as const;
/** Minimum-rating thresholds offered as filters; facet counts are given for each. */
export const ratingThresholds = [3, 4, 4.5] as const;

/** Listing workflow: provider listings start pending; admins approve or reject them. */
export const hotelStatuses = ['pending', 'approved', 'rejected'] as const;
export type HotelStatus = (typeof hotelStatuses)[number];

/** The admin hotel table's sort keys; a leading `-` sorts descending. */
export const adminHotelSortKeys = ['name', 'created', 'status', 'city'] as const;
export type AdminHotelSortKey = (typeof adminHotelSortKeys)[number];
export const adminHotelSortOptions = adminHotelSortKeys.flatMap((key) => [key, `-${key}`] as const);
export type AdminHotelSort = AdminHotelSortKey | `-${AdminHotelSortKey}`;
/** Newest first: what an admin checks after a night of sign-ups. */
export const defaultAdminHotelSort: AdminHotelSort = '-created';
