import { weekDays } from '@reproute/contracts';
import type { AccessibilityFeature, EquipmentPiece, GuestFee, GuestFeePeriod, GymAccessType, GymEntryKind, GymScoreComponent, GymScoreConfidence, HotelStatus, PlateKind, WeeklyHours } from '@reproute/contracts';
import type { StoredHotel } from '../domain/hotel.ts';

/** The hotel columns every read selects (hotels h LEFT JOIN gyms g). */
export const hotelColumns = `
  h.id, h.slug, h.name, h.description, h.address, h.city_id, h.city, h.country, h.provider_id, h.provider_email,
  h.contact_email, h.latitude, h.longitude, h.rating, h.total_reviews, h.price_per_night, h.currency, h.image_url,
  h.images, h.gym_images, h.booking_url, h.affiliate_url, h.gym_access_type, h.accessibility_features, h.raw_equipment, h.equipment_labels,
  h.is_premium, h.status, h.rejection_reason, h.affiliate_clicks, h.page_views, h.created_at, h.updated_at,
  g.id AS gym_id, g.name AS gym_name, g.type AS gym_type, g.description AS gym_description, g.hours AS gym_hours,
  g.size AS gym_size, g.has_pool AS gym_has_pool, g.has_sauna AS gym_has_sauna, g.has_personal_trainer AS gym_has_personal_trainer,
  h.heaviest_dumbbell_kg, g.open_24h AS gym_open_24h, g.size_sqm AS gym_size_sqm, h.gym_score, h.gym_score_breakdown,
  g.stated_open_24h AS gym_stated_open_24h, g.opens_at AS gym_opens_at, g.closes_at AS gym_closes_at, g.stated_size_sqm AS gym_stated_size_sqm,
  g.has_fitness_classes AS gym_has_fitness_classes, h.stated_dumbbell_kg,
  g.address AS gym_address, g.distance_m AS gym_distance_m, g.walking_minutes AS gym_walking_minutes, g.latitude AS gym_latitude,
  g.longitude AS gym_longitude, g.entry AS gym_entry, g.guest_fee_amount AS gym_guest_fee_amount, g.guest_fee_currency AS gym_guest_fee_currency,
  g.guest_fee_per AS gym_guest_fee_per, g.weekly_hours AS gym_weekly_hours, g.equipment_pieces AS gym_equipment_pieces,
  g.lightest_dumbbell_kg AS gym_lightest_dumbbell_kg, g.heaviest_kettlebell_kg AS gym_heaviest_kettlebell_kg, g.plate_kinds AS gym_plate_kinds,
  g.plates_total_kg AS gym_plates_total_kg, h.photo_captions`;

export const hotelsWithGym = 'hotels h LEFT JOIN gyms g ON g.hotel_id = h.id';

export interface HotelRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  address: string | null;
  city_id: number | null;
  city: string | null;
  country: string | null;
  provider_id: string | null;
  provider_email: string | null;
  contact_email: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number;
  total_reviews: number;
  price_per_night: number | null;
  currency: string;
  image_url: string | null;
  images: string[];
  gym_images: string[];
  photo_captions: Record<string, string> | null;
  booking_url: string | null;
  affiliate_url: string | null;
  gym_access_type: GymAccessType;
  accessibility_features: AccessibilityFeature[];
  raw_equipment: string[];
  equipment_labels: string[];
  is_premium: boolean;
  status: HotelStatus;
  rejection_reason: string | null;
  affiliate_clicks: number;
  page_views: number;
  created_at: Date;
  updated_at: Date;
  gym_id: number | null;
  gym_name: string | null;
  gym_type: string | null;
  gym_description: string | null;
  gym_hours: string | null;
  gym_size: string | null;
  gym_has_pool: boolean | null;
  gym_has_sauna: boolean | null;
  gym_has_personal_trainer: boolean | null;
  heaviest_dumbbell_kg: number | null;
  gym_open_24h: boolean | null;
  gym_size_sqm: number | null;
  gym_score: number | null;
  gym_score_breakdown: { version: number; components: GymScoreComponent[]; confidence?: GymScoreConfidence } | null;
  gym_stated_open_24h: boolean | null;
  gym_opens_at: string | null;
  gym_closes_at: string | null;
  gym_stated_size_sqm: number | null;
  gym_has_fitness_classes: boolean | null;
  stated_dumbbell_kg: number | null;
  gym_address: string | null;
  gym_distance_m: number | null;
  gym_walking_minutes: number | null;
  gym_latitude: number | null;
  gym_longitude: number | null;
  gym_entry: GymEntryKind | null;
  gym_guest_fee_amount: string | null;
  gym_guest_fee_currency: string | null;
  gym_guest_fee_per: GuestFeePeriod | null;
  gym_weekly_hours: WeeklyHours | null;
  gym_equipment_pieces: EquipmentPiece[] | null;
  gym_lightest_dumbbell_kg: string | number | null;
  gym_heaviest_kettlebell_kg: string | number | null;
  gym_plate_kinds: PlateKind[] | null;
  gym_plates_total_kg: string | number | null;
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

export function hotelFromRow(row: HotelRow): StoredHotel {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    address: row.address,
    cityId: row.city_id,
    city: row.city,
    country: row.country,
    providerId: row.provider_id,
    providerEmail: row.provider_email,
    contactEmail: row.contact_email,
    latitude: row.latitude,
    longitude: row.longitude,
    rating: row.rating,
    totalReviews: row.total_reviews,
    pricePerNight: row.price_per_night,
    currency: row.currency,
    imageUrl: row.image_url,
    images: row.images,
    gymImages: row.gym_images,
    photoCaptions: row.photo_captions ?? {},
    bookingUrl: row.booking_url,
    affiliateUrl: row.affiliate_url,
    gymAccessType: row.gym_access_type,
    accessibilityFeatures: row.accessibility_features,
    rawEquipment: row.raw_equipment,
    equipmentLabels: row.equipment_labels,
    isPremium: row.is_premium,
    status: row.status,
    rejectionReason: row.rejection_reason,
    affiliateClicks: row.affiliate_clicks,
    pageViews: row.page_views,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    gym:
      row.gym_id === null
        ? null
        : {
            name: row.gym_name,
            type: row.gym_type,
            description: row.gym_description,
            hours: row.gym_hours,
            size: row.gym_size,
            hasPool: row.gym_has_pool ?? false,
            hasSauna: row.gym_has_sauna ?? false,
            hasPersonalTrainer: row.gym_has_personal_trainer ?? false,
            open24Hours: row.gym_stated_open_24h,
            opensAt: row.gym_opens_at,
            closesAt: row.gym_closes_at,
            sizeSqm: row.gym_stated_size_sqm,
            heaviestDumbbellKg: row.stated_dumbbell_kg,
            hasFitnessClasses: row.gym_has_fitness_classes ?? false,
            address: row.gym_address,
            distanceMetres: row.gym_distance_m,
            walkingMinutes: row.gym_walking_minutes,
            latitude: row.gym_latitude,
            longitude: row.gym_longitude,
            entry: row.gym_entry,
            guestFee:
              row.gym_guest_fee_amount === null || row.gym_guest_fee_currency === null || row.gym_guest_fee_per === null
                ? null
                : { amount: Number(row.gym_guest_fee_amount), currency: row.gym_guest_fee_currency as GuestFee['currency'], per: row.gym_guest_fee_per },
            // jsonb keeps its own key order: the week is read back Monday first, each piece as item, kind, count.
            weeklyHours: row.gym_weekly_hours && Object.fromEntries(weekDays.filter((d) => row.gym_weekly_hours![d]).map((d) => [d, row.gym_weekly_hours![d]])),
            equipmentPieces: (row.gym_equipment_pieces ?? []).map((p) => ({ item: p.item, kind: p.kind ?? null, count: p.count })),
            lightestDumbbellKg: numberOrNull(row.gym_lightest_dumbbell_kg),
            heaviestKettlebellKg: numberOrNull(row.gym_heaviest_kettlebell_kg),
            plateKinds: row.gym_plate_kinds ?? [],
            platesTotalKg: numberOrNull(row.gym_plates_total_kg),
          },
    gymFacts: {
      open24h: row.gym_open_24h ?? false,
      sizeSqm: row.gym_size_sqm,
      heaviestDumbbellKg: row.heaviest_dumbbell_kg,
      score: row.gym_score,
      breakdown: row.gym_score_breakdown?.components ?? [],
      confidence: row.gym_score_breakdown?.confidence ?? null,
    },
  };
}
