import type { EquipmentByCategory, GymAccessType, GymHighlight, GymScoreComponent, PublicUser } from '@reproute/contracts';

/** The hotel as the catalog answers it (docs/api.md); contracts has no schema for it yet. */
export interface Hotel {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  address: string | null;
  cityId: number | null;
  city: string | null;
  country: string | null;
  price: number | null;
  pricePerNight: number | string | null;
  currency: string | null;
  imageUrl: string | null;
  images: string[];
  gymImages: string[];
  bookingUrl: string | null;
  affiliateUrl: string | null;
  rating: number | string | null;
  totalReviews: number;
  gymAccessType: GymAccessType | string | null;
  rawEquipment: string[];
  equipment: EquipmentByCategory | null;
  gym: {
    name: string | null;
    type: string | null;
    description: string | null;
    hours: string | null;
    size: string | null;
    hasPool: boolean | null;
    hasSauna: boolean | null;
    hasPersonalTrainer: boolean | null;
    /** Absent from answers of older catalogs. */
    hasFitnessClasses?: boolean;
  } | null;
  isPremium: boolean;
  isApproved: boolean;
  providerId: string | null;
  accessibilityFeatures?: string[];
  /** Where the hotel is (the search map); null when not yet known. */
  latitude?: number | null;
  longitude?: number | null;
  /** Only in a search with a point: km from it. */
  distanceKm?: number | null;
  /** Our gym score (0-5, one decimal) and its components; absent from answers of older catalogs. */
  gymScore?: number;
  gymScoreBreakdown?: GymScoreComponent[];
  /** Up to three gym facts for cards ("24 hours", "1,200 sqm", "Dumbbells to 50 kg"). */
  gymHighlights?: GymHighlight[];
}

export interface HotelSearchAnswer {
  items: Hotel[];
  total: number;
  page: number;
  pageSize: number;
  facets: Record<string, number>;
  equipment: string[];
  /** Counts over the whole result for each value of the other filters (absent from older answers). */
  filterFacets?: {
    gymAccessType: Record<string, number>;
    /** Absent from answers of catalogs before accessibility features. */
    accessibilityFeatures?: Record<string, number>;
    minRating: Record<string, number>;
    open24h: number;
    gymSize: Record<string, number>;
    minDumbbellKg: Record<string, number>;
    priceRange: { min: number; max: number } | null;
  };
}

export interface FavoriteItem {
  hotelId: number;
  createdAt: string;
}

export interface Review {
  id: string;
  hotelId: number;
  rating: number;
  gymRating: number | null;
  title: string | null;
  content: string;
  travelType: string | null;
  pros: string[];
  cons: string[];
  tags: string[];
  reviewer: { firstName: string | null; lastInitial: string | null } | null;
  createdAt: string;
}

export type User = PublicUser;

export interface AuthAnswer {
  token: string;
  user: User;
}
