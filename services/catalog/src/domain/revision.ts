import { reviewedListingFields, type ProviderHotelUpdate, type ReviewedListingField, type RevisionChange } from '@reproute/contracts';
import { applyListingUpdate, effectiveContactEmail, type HotelRecord } from './hotel.ts';

/** The reviewed fields a provider proposed, as update input (field → new value). */
export type RevisionFields = Partial<Pick<ProviderHotelUpdate, ReviewedListingField>>;

/**
 * A revision as stored: the proposed values, when they were (last) submitted, and whether an admin rejected them
 * (then kept with the reason until the provider sends them again or discards them).
 */
export interface StoredRevision {
  hotelId: number;
  fields: RevisionFields;
  submittedAt: Date;
  status: 'pending' | 'rejected';
  rejectionReason: string | null;
  decidedAt: Date | null;
}

const isReviewed = (key: string): key is ReviewedListingField => (reviewedListingFields as readonly string[]).includes(key);

/** What travellers see of a field, so a form echoing the shown value is not a change (the lead address and main picture fall back). */
function shown(record: HotelRecord, field: ReviewedListingField): unknown {
  if (field === 'contactEmail') return effectiveContactEmail(record);
  if (field === 'imageUrl') return record.imageUrl ?? record.images[0] ?? null;
  return record[field];
}

/** Splits a provider's update into the fields that apply at once and the reviewed ones. */
export function splitProviderUpdate(input: ProviderHotelUpdate): { immediate: ProviderHotelUpdate; reviewed: RevisionFields } {
  const immediate: Record<string, unknown> = {};
  const reviewed: Record<string, unknown> = {};
  for (const [given, value] of Object.entries(input)) {
    if (value === undefined) continue;
    // gymEquipment is the data model's name of rawEquipment: reviewed the same way.
    const key = given === 'gymEquipment' ? 'rawEquipment' : given;
    (isReviewed(key) ? reviewed : immediate)[key] = value;
  }
  return { immediate: immediate as ProviderHotelUpdate, reviewed: reviewed as RevisionFields };
}

/**
 * The revision after a provider's edit of an approved listing: the earlier proposal overlaid with
 * the new one, keeping only the fields that would really change what is live (an edit back to the
 * live value withdraws that part). Empty means nothing awaits review.
 */
export function mergeRevision(live: HotelRecord, earlier: RevisionFields, proposed: RevisionFields): RevisionFields {
  const merged: Record<string, unknown> = { ...earlier, ...proposed };
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (!isReviewed(key)) continue;
    const candidate = applyListingUpdate(live, { [key]: value } as ProviderHotelUpdate);
    if (JSON.stringify(shown(candidate, key)) !== JSON.stringify(shown(live, key))) kept[key] = value;
  }
  return kept as RevisionFields;
}

/** The revision as old → new pairs for people: from is what travellers see now, to what they would see. */
export function revisionChanges(live: HotelRecord, fields: RevisionFields): RevisionChange[] {
  const proposed = applyListingUpdate(live, fields);
  return reviewedListingFields
    .filter((field) => fields[field] !== undefined)
    .map((field) => ({ field, from: shown(live, field) ?? null, to: shown(proposed, field) ?? null }));
}

/** People's names of the reviewed fields, for the emails about a change ("Name", "Photos"); photo fields share one. */
const changeLabels: Record<ReviewedListingField, string> = {
  name: 'Name',
  address: 'Address',
  cityId: 'City',
  city: 'City',
  country: 'Country',
  bookingUrl: 'Booking URL',
  contactEmail: 'Email for leads',
  imageUrl: 'Photos',
  images: 'Photos',
  gymImages: 'Gym photos',
  rawEquipment: 'Gym equipment',
  gym: 'Gym details',
  photoCaptions: 'Photo captions',
};

/** What a revision changes, as the provider reads it: each label once, in the order of the form. */
export function revisionChangeLabels(fields: RevisionFields): string[] {
  const labels = reviewedListingFields.filter((field) => fields[field] !== undefined).map((field) => changeLabels[field]);
  return [...new Set(labels)];
}
