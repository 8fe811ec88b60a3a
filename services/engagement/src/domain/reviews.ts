import type { AdminReview, EventData, PendingReview, ReviewAnswer, ReviewReply, ReviewRequest } from '@reproute/contracts';
import type { AuthUser } from '@reproute/platform';
import { bandOfHour, type GymSubScores, type ReviewPhoto, type TrainingKind, type TrainingTimeBand } from '@reproute/contracts';
import { roleAllows, roleForHotel, type OrganisationGrants } from '@reproute/contracts';

/** A stored review as the service handles it. */
export interface ReviewRecord {
  id: string;
  hotelId: number;
  userId: string;
  reviewerEmail: string | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  rating: number;
  gymRating: number | null;
  title: string | null;
  content: string;
  travelType: ReviewAnswer['travelType'];
  roomType: string | null;
  stayDate: string | null;
  pros: string[];
  cons: string[];
  tags: string[];
  isApproved: boolean | null;
  createdAt: string;
  /** The owning provider's reply, if any. */
  reply: ReviewReply | null;
  /** The moderator's reason for a rejection, when one was given. */
  rejectionReason: string | null;
  moderatedAt: string | null;
  /** The deciding admin's email (decisions from before it was kept have none). */
  moderatorEmail: string | null;
  /** RepRoute sent the author to the hotel before the end of the stay's month (store/verified-stays.ts). */
  verifiedStay: boolean;
  /** The gym's sub-scores (null: not scored). */
  gymScores: GymSubScores;
  /** The hour of the day the reviewer trained, if they gave one. */
  trainedHour: number | null;
  /** The band of the day they trained: given, or the band of `trainedHour`. */
  trainedBand: TrainingTimeBand | null;
  trainedKinds: TrainingKind[];
  /** The review's photos in their order. */
  photos: ReviewPhoto[];
}

const blankToNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The first letter of a last name, upper-cased (a whole character, even outside the BMP). */
export function lastInitial(lastName: string | null | undefined): string | null {
  const first = Array.from(blankToNull(lastName) ?? '')[0];
  return first ? first.toLocaleUpperCase() : null;
}

/** A validated review request; the gym details may be left out (requests from before they existed). */
export type ReviewInput = Omit<ReviewRequest, 'trainedKinds' | 'photoIds'> & Partial<Pick<ReviewRequest, 'trainedKinds' | 'photoIds'>>;

/** A new pending review from a validated request; the reviewer's names and email come from the token. */
export function newReview(id: string, input: ReviewInput, user: Pick<AuthUser, 'id' | 'email' | 'firstName' | 'lastName'>, now = new Date()): ReviewRecord {
  return {
    id,
    hotelId: input.hotelId,
    userId: user.id,
    reviewerEmail: blankToNull(user.email),
    reviewerFirstName: blankToNull(user.firstName),
    reviewerLastName: blankToNull(user.lastName),
    rating: input.rating,
    gymRating: input.gymRating,
    title: input.title,
    content: input.content,
    travelType: input.travelType,
    roomType: input.roomType ?? null,
    stayDate: input.stayDate,
    pros: input.pros,
    cons: input.cons,
    tags: input.tags,
    isApproved: null,
    createdAt: now.toISOString(),
    reply: null,
    rejectionReason: null,
    moderatedAt: null,
    moderatorEmail: null,
    verifiedStay: false,
    gymScores: {
      equipment: input.gymScores?.equipment ?? null,
      space: input.gymScores?.space ?? null,
      cleanliness: input.gymScores?.cleanliness ?? null,
      crowding: input.gymScores?.crowding ?? null,
    },
    trainedHour: input.trainedHour ?? null,
    trainedBand: input.trainedHour !== null && input.trainedHour !== undefined ? bandOfHour(input.trainedHour) : (input.trainedBand ?? null),
    trainedKinds: input.trainedKinds ?? [],
    photos: [],
  };
}

/** An hour and a band given together must agree (the form offers one or the other). */
export function trainedTimeAgrees(input: Pick<ReviewRequest, 'trainedHour' | 'trainedBand'>): boolean {
  if (input.trainedHour === null || input.trainedHour === undefined || !input.trainedBand) return true;
  return bandOfHour(input.trainedHour) === input.trainedBand;
}

/** What anyone may read: never the reviewer's email, user id or full last name. */
export function toReviewAnswer(review: ReviewRecord): ReviewAnswer {
  return {
    id: review.id,
    hotelId: review.hotelId,
    rating: review.rating,
    gymRating: review.gymRating,
    title: review.title,
    content: review.content,
    travelType: review.travelType,
    roomType: review.roomType,
    stayDate: review.stayDate,
    pros: review.pros,
    cons: review.cons,
    tags: review.tags,
    isApproved: review.isApproved,
    reviewer: { firstName: review.reviewerFirstName, lastInitial: lastInitial(review.reviewerLastName) },
    createdAt: review.createdAt,
    reply: review.reply,
    verifiedStay: review.verifiedStay,
    gymScores: review.gymScores,
    trainedHour: review.trainedHour,
    trainedBand: review.trainedBand,
    trainedKinds: review.trainedKinds,
    photos: review.photos,
  };
}

/** The admin moderation view: the hotel's name and the reviewer's full name. */
export function toPendingReview(review: ReviewRecord, hotelName: string | null): PendingReview {
  const { reviewer: _reviewer, ...rest } = toReviewAnswer(review);
  return { ...rest, hotelName, user: { firstName: review.reviewerFirstName, lastName: review.reviewerLastName } };
}

/** The reviewer's account as the moderation list shows it. */
export interface ReviewerFacts {
  registeredAt: string | null;
  reviewCount: number;
}

/** A review as a moderator sees it: the stay's facts, the decision and the reviewer's account. */
export function toAdminReview(review: ReviewRecord, hotelName: string | null, reviewer: ReviewerFacts): AdminReview {
  const pending = toPendingReview(review, hotelName);
  return {
    ...pending,
    user: {
      id: review.userId,
      firstName: review.reviewerFirstName,
      lastName: review.reviewerLastName,
      email: review.reviewerEmail,
      registeredAt: reviewer.registeredAt,
      reviewCount: reviewer.reviewCount,
    },
    rejectionReason: review.rejectionReason,
    moderatedAt: review.moderatedAt,
    moderatedBy: review.moderatorEmail,
  };
}

/** The reviewer's full name for the audit log, or null when the account gave none. */
export function reviewerName(review: Pick<ReviewRecord, 'reviewerFirstName' | 'reviewerLastName'>): string | null {
  return [review.reviewerFirstName, review.reviewerLastName].filter(Boolean).join(' ') || null;
}

/**
 * What an admin's decision does to a review: a pending review takes it; repeating the decision
 * already taken changes nothing (no second event, so the catalog never counts a review twice);
 * reversing a decision is refused, because the rating the catalog derived from it cannot be unwound.
 */
export function moderationOutcome(current: boolean | null, decision: boolean): 'apply' | 'unchanged' | 'conflict' {
  if (current === null) return 'apply';
  return current === decision ? 'unchanged' : 'conflict';
}

/** The facts review events carry (contracts `reviewFacts`). */
export function reviewEventData(review: ReviewRecord, hotelName: string | null): EventData<'review.approved'> {
  return {
    reviewId: review.id,
    hotelId: review.hotelId,
    hotelName,
    userId: review.userId,
    reviewerEmail: review.reviewerEmail,
    reviewerFirstName: review.reviewerFirstName,
    rating: review.rating,
    gymRating: review.gymRating,
    title: review.title,
  };
}

/**
 * Whether a provider may reply to a review: it must be approved and of a live hotel they own.
 * Anything else looks like an unknown review (404), so a provider learns nothing about others' hotels.
 */
export function canReply(
  review: Pick<ReviewRecord, 'isApproved' | 'hotelId'>,
  hotel: { providerId: string | null; deleted: boolean } | undefined,
  replier: { organisationId: string; grants: OrganisationGrants },
): boolean {
  if (review.isApproved !== true || hotel === undefined || hotel.deleted || hotel.providerId === null || hotel.providerId !== replier.organisationId) return false;
  // Replies are the responders' and owners' (docs/decisions.md, "Organisations and roles").
  return roleAllows(roleForHotel(replier.grants, review.hotelId), 'reviews');
}
