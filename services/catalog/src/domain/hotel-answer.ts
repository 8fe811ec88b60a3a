import { weekFromDaily, type Hotel } from '@reproute/contracts';
import { effectiveContactEmail, equipmentObject, isAdmin, ownsHotel, type HotelRecord, type StoredHotel, type Viewer } from './hotel.ts';
import { revisionChanges, type StoredRevision } from './revision.ts';
import { gymHighlights } from './gym-score.ts';

// The answer is built here, apart from hotel.ts: it shows a listing's pending revision, and revision.ts
// builds on hotel.ts's update rules, so keeping it in hotel.ts made the two import each other.

/**
 * The answer shape of docs/api.md; owners and admins also get the provider's id, the click and view
 * counts, the contact and moderation fields, and the changes awaiting review when the caller passes
 * the hotel's revision (or null for none).
 */
export function toHotelAnswer(hotel: StoredHotel, viewer: Viewer | null, revision?: StoredRevision | null): Hotel {
  const answer: Hotel = {
    id: hotel.id,
    slug: hotel.slug,
    name: hotel.name,
    description: hotel.description,
    address: hotel.address,
    cityId: hotel.cityId,
    city: hotel.city,
    country: hotel.country,
    price: hotel.pricePerNight,
    pricePerNight: hotel.pricePerNight,
    currency: hotel.currency,
    imageUrl: hotel.imageUrl ?? hotel.images[0] ?? null,
    images: hotel.images,
    gymImages: hotel.gymImages,
    photoCaptions: captionsOfShown(hotel),
    bookingUrl: hotel.bookingUrl,
    affiliateUrl: hotel.affiliateUrl,
    rating: Math.round(hotel.rating * 100) / 100,
    totalReviews: hotel.totalReviews,
    gymAccessType: hotel.gymAccessType,
    accessibilityFeatures: hotel.accessibilityFeatures,
    rawEquipment: hotel.rawEquipment,
    equipment: equipmentObject(hotel.equipmentLabels),
    gym: hotel.gym && {
      name: hotel.gym.name,
      type: hotel.gym.type,
      description: hotel.gym.description,
      hours: hotel.gym.hours,
      size: hotel.gym.size,
      hasPool: hotel.gym.hasPool,
      hasSauna: hotel.gym.hasSauna,
      hasPersonalTrainer: hotel.gym.hasPersonalTrainer,
      // The facts search and the gym score use (stated, else read from the text); times as stated.
      open24Hours: hotel.gymFacts?.open24h ?? hotel.gym.open24Hours ?? false,
      opensAt: hotel.gym.opensAt,
      closesAt: hotel.gym.closesAt,
      sizeSqm: hotel.gymFacts ? hotel.gymFacts.sizeSqm : hotel.gym.sizeSqm,
      heaviestDumbbellKg: hotel.gymFacts ? hotel.gymFacts.heaviestDumbbellKg : hotel.gym.heaviestDumbbellKg,
      hasFitnessClasses: hotel.gym.hasFitnessClasses,
      address: hotel.gym.address,
      distanceMetres: hotel.gym.distanceMetres,
      walkingMinutes: hotel.gym.walkingMinutes,
      latitude: hotel.gym.latitude,
      longitude: hotel.gym.longitude,
      entry: hotel.gym.entry,
      guestFee: hotel.gym.guestFee,
      weeklyHours: hotel.gym.weeklyHours ?? weekFromDaily(hotel.gym.open24Hours, hotel.gym.opensAt, hotel.gym.closesAt),
      equipmentPieces: hotel.gym.equipmentPieces,
      lightestDumbbellKg: hotel.gym.lightestDumbbellKg,
      heaviestKettlebellKg: hotel.gym.heaviestKettlebellKg,
      plateKinds: hotel.gym.plateKinds,
      platesTotalKg: hotel.gym.platesTotalKg,
    },
    gymScore: hotel.gymFacts?.score ?? 0,
    gymScoreBreakdown: hotel.gymFacts?.breakdown ?? [],
    gymHighlights: hotel.gymFacts
      ? gymHighlights({ ...hotel.gymFacts, equipmentLabels: hotel.equipmentLabels, hours: hotel.gym?.hours ?? null })
      : [],
    ...(hotel.gymFacts?.confidence ? { gymScoreConfidence: hotel.gymFacts.confidence } : {}),
    isPremium: hotel.isPremium,
    isApproved: hotel.status === 'approved',
    status: hotel.status,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    createdAt: hotel.createdAt.toISOString(),
    updatedAt: hotel.updatedAt.toISOString(),
  };
  // The owner's account, the business figures, contacts and moderation are not a visitor's to see.
  if (isAdmin(viewer) || ownsHotel(viewer, hotel)) {
    answer.providerId = hotel.providerId;
    answer.affiliateClicks = hotel.affiliateClicks;
    answer.pageViews = hotel.pageViews;
    answer.contactEmail = effectiveContactEmail(hotel);
    answer.providerEmail = hotel.providerEmail;
    answer.rejectionReason = hotel.rejectionReason;
    if (revision !== undefined) {
      answer.pendingRevision = revision && {
        submittedAt: revision.submittedAt.toISOString(),
        changes: revisionChanges(hotel, revision.fields),
        status: revision.status,
        rejectionReason: revision.rejectionReason,
        decidedAt: revision.decidedAt?.toISOString() ?? null,
      };
    }
  }
  return answer;
}

/** The captions of the photos the hotel shows now (a caption of a photo since removed is not given). */
export function captionsOfShown(hotel: Pick<HotelRecord, 'imageUrl' | 'images' | 'gymImages' | 'photoCaptions'>): Record<string, string> {
  const shown = new Set([...(hotel.imageUrl ? [hotel.imageUrl] : []), ...hotel.images, ...hotel.gymImages]);
  return Object.fromEntries(Object.entries(hotel.photoCaptions ?? {}).filter(([url]) => shown.has(url)));
}
