import { z } from 'zod';
import { messages } from './messages.ts';
import { hotelIdSchema, maxHotelId } from './http.ts';
import { trainingKinds, trainingTimeBands } from './review-gym.ts';
// Plain review values (lists, texts, the pros/cons splitter) live in review-values.ts: the review pages import them without zod.
import { adminReviewSorts, reviewStatuses, splitCommaList, travelTypes, verifiedStayMeaning, verifiedStayRule, type AdminReviewSort, type ReviewStatus } from './review-values.ts';
export { adminReviewSorts, reviewStatuses, splitCommaList, travelTypes, verifiedStayMeaning, verifiedStayRule, type AdminReviewSort, type ReviewStatus };
import { gymSubScoresAnswer, gymSubScoresRequest, reviewPhoto, reviewPhotoIdsRequest, trainedBandRequest, trainedHourRequest, trainedKindsRequest } from './review-gym-schemas.ts';

export const inquiryTypes = ['general', 'booking', 'provider', 'partnership', 'technical', 'feedback'] as const;

const requiredTrimmed = (max: number) =>
  z.string({ error: messages.missingInformation }).trim().min(1, messages.missingInformation).max(max);

/** Line breaks and other runs of whitespace become one space: these texts end up in email headers. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ');

/**
 * `POST /api/contact`. The email is exactly one address (no lists, no line breaks): support's
 * reply-to and the acknowledgement go to it.
 */
export const contactRequest = z.object({
  name: requiredTrimmed(120).overwrite(oneLine),
  email: requiredTrimmed(254).pipe(z.email({ error: messages.email })),
  subject: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(200).overwrite(oneLine).optional()),
  message: requiredTrimmed(5000),
  inquiryType: z.enum(inquiryTypes).default('general'),
});
export type ContactRequest = z.infer<typeof contactRequest>;

/** `POST /api/contact`'s answer: the message's id and the thanks the page shows. */
export const contactAnswer = z.object({ id: z.string(), message: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswer>;


const listOfTags = z.array(z.string().trim().min(1).max(60)).max(20).default([]);

/**
 * A stay ("YYYY-MM" or "YYYY-MM-DD") that has not begun anywhere yet: later than today's date (or month) at
 * UTC+14, the first time zone to reach a new day, so no traveller's own today or this month is refused.
 */
export function stayIsInFuture(stay: string, now = new Date()): boolean {
  const earliestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  return stay.length === 7 ? stay > earliestToday.slice(0, 7) : stay > earliestToday;
}

/** Review rules of document 2, section 5; pros and cons arrive as lists. */
export const reviewRequest = z.object({
  hotelId: z.coerce.number({ error: messages.hotelRequired }).int(messages.hotelRequired).positive(messages.hotelRequired).max(maxHotelId, messages.hotelNotFound),
  title: z.string({ error: messages.titleMin }).trim().min(5, messages.titleMin).max(100, messages.titleMax),
  content: z.string({ error: messages.contentMin }).trim().min(20, messages.contentMin).max(1000, messages.contentMax),
  rating: z.number({ error: messages.ratingRequired }).int(messages.ratingRequired).min(1, messages.ratingRequired).max(5, messages.ratingMax),
  gymRating: z.number({ error: messages.gymRatingRequired }).int(messages.gymRatingRequired).min(1, messages.gymRatingRequired).max(5, messages.gymRatingMax),
  travelType: z.enum(travelTypes, { error: messages.travelTypeRequired }),
  roomType: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(100).optional()),
  stayDate: z
    .string({ error: messages.stayDateRequired })
    .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, messages.stayDateRequired)
    .refine((stay) => !stayIsInFuture(stay), messages.stayDateFuture),
  pros: listOfTags,
  cons: listOfTags,
  tags: listOfTags,
  // The gym's details (docs/decisions.md, "Review gym sub-scores and the crowding chart"), each optional.
  gymScores: gymSubScoresRequest.optional(),
  trainedHour: trainedHourRequest.nullish(),
  trainedBand: trainedBandRequest.nullish(),
  trainedKinds: trainedKindsRequest.default([]),
  photoIds: reviewPhotoIdsRequest.default([]),
});
export type ReviewRequest = z.infer<typeof reviewRequest>;


/** A rejection's reason as the reviewer reads it in their email: 1 to 500 characters once trimmed. */
export const rejectionReason = z
  .string({ error: messages.rejectReasonRequired })
  .trim()
  .min(1, messages.rejectReasonRequired)
  .max(500, messages.rejectReasonMax);

/** `PUT /api/reviews/{id}/approve`: the spec's `isApproved`, and an optional reason for a rejection (emailed). */
export const moderationRequest = z.object({ isApproved: z.boolean(), reason: rejectionReason.optional() });

/** `POST` and `PUT /api/reviews/{id}/reply`: the owning provider's answer, 1 to 2000 characters once trimmed. */
export const reviewReplyRequest = z.object({
  text: z.string({ error: messages.replyRequired }).trim().min(1, messages.replyRequired).max(2000, messages.replyMax),
});
export type ReviewReplyRequest = z.infer<typeof reviewReplyRequest>;

/** The hotel's answer under a review. */
export const reviewReply = z.object({ text: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type ReviewReply = z.infer<typeof reviewReply>;

export const favoriteRequest = z.object({ hotelId: hotelIdSchema });

export const hotelReviewsQuery = z.object({ status: z.enum(reviewStatuses).default('approved') });
export const adminReviewsQuery = z.object({ status: z.enum(reviewStatuses).default('pending') });

/** `GET /api/favorites` items, newest first; `POST /api/favorites` answers one. */
export const favoriteItem = z.object({ hotelId: z.number().int().positive(), createdAt: z.string() });
export type FavoriteItem = z.infer<typeof favoriteItem>;


/** A review as anyone may read it: the reviewer shows as first name and last initial only. */
export const reviewAnswer = z.object({
  id: z.string(),
  hotelId: z.number().int().positive(),
  rating: z.number().int().min(1).max(5),
  gymRating: z.number().int().min(1).max(5).nullable(),
  title: z.string().nullable(),
  content: z.string(),
  travelType: z.enum(travelTypes).nullable(),
  roomType: z.string().nullable(),
  stayDate: z.string().nullable(),
  pros: z.array(z.string()),
  cons: z.array(z.string()),
  tags: z.array(z.string()),
  /** null while pending, then true (approved) or false (rejected). */
  isApproved: z.boolean().nullable(),
  reviewer: z.object({ firstName: z.string().nullable(), lastInitial: z.string().nullable() }),
  createdAt: z.string(),
  /** The owning provider's reply, or null. */
  reply: reviewReply.nullable(),
  /**
   * RepRoute sent the reviewer to this hotel (a booking click or a lead while signed in) before the end of the
   * month of their stay: shown as "Verified stay" (ruling 15; docs/decisions.md, "Verified stays").
   */
  verifiedStay: z.boolean(),
  /** The gym's sub-scores, 1 to 5 each, null where the reviewer gave none. */
  gymScores: gymSubScoresAnswer,
  /** When the reviewer trained: an hour of the day (0-23), else a band of the day, else both null. */
  trainedHour: z.number().int().min(0).max(23).nullable(),
  trainedBand: z.enum(trainingTimeBands).nullable(),
  trainedKinds: z.array(z.enum(trainingKinds)),
  /** The review's gym photos (stripped of metadata, resized): shown to everyone once the review is approved. */
  photos: z.array(reviewPhoto),
});
export type ReviewAnswer = z.infer<typeof reviewAnswer>;

/** A review in the admin moderation list (`GET /api/reviews?status=pending`): hotel name and the reviewer's full name. */
export const pendingReview = reviewAnswer.omit({ reviewer: true }).extend({
  hotelName: z.string().nullable(),
  user: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
});
export type PendingReview = z.infer<typeof pendingReview>;

/** Reasons a moderator picks from in the reject dialog; "Other" asks for the admin's own words. */
export const rejectionReasonPresets = [
  'The review does not describe a stay at this hotel.',
  'The review is not about the hotel or its gym.',
  'The review contains offensive or abusive language.',
  'The review contains personal information about someone.',
  'The review is advertising or spam.',
] as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const isoDay = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, messages.adminReviewDateInvalid);


/**
 * `GET /api/admin/reviews`: status (default pending), hotel id, rating, text (title, content, reviewer,
 * hotel name), the UTC days the review was written between, sort and page (25 a page, at most 100).
 */
export const adminReviewListQuery = z
  .object({
    status: z.preprocess(blankToUndefined, z.enum(reviewStatuses, { error: messages.adminReviewStatusInvalid }).default('pending')),
    hotelId: z.preprocess(blankToUndefined, z.coerce.number({ error: messages.hotelNotFound }).int(messages.hotelNotFound).positive(messages.hotelNotFound).max(maxHotelId, messages.hotelNotFound).optional()),
    rating: z.preprocess(blankToUndefined, z.coerce.number({ error: messages.adminReviewRatingInvalid }).int(messages.adminReviewRatingInvalid).min(1, messages.adminReviewRatingInvalid).max(5, messages.adminReviewRatingInvalid).optional()),
    q: z.preprocess(blankToUndefined, z.string().trim().max(200, messages.adminReviewQueryMax).optional()),
    from: z.preprocess(blankToUndefined, isoDay.optional()),
    to: z.preprocess(blankToUndefined, isoDay.optional()),
    sort: z.preprocess(blankToUndefined, z.enum(adminReviewSorts, { error: messages.adminReviewSortInvalid }).default('oldest')),
    page: z.preprocess(blankToUndefined, z.coerce.number({ error: messages.adminHotelPageInvalid }).int(messages.adminHotelPageInvalid).min(1, messages.adminHotelPageInvalid).max(10_000, messages.adminHotelPageInvalid).default(1)),
    pageSize: z.preprocess(blankToUndefined, z.coerce.number({ error: messages.adminHotelPageSizeInvalid }).int(messages.adminHotelPageSizeInvalid).min(1, messages.adminHotelPageSizeInvalid).max(100, messages.adminHotelPageSizeInvalid).default(25)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: messages.adminReviewDateRangeInvalid, path: ['to'] });
export type AdminReviewListQuery = z.output<typeof adminReviewListQuery>;

/** A review as a moderator sees it: every fact of the stay, the decision, and who wrote it. */
export const adminReview = pendingReview.extend({
  user: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    /** When the account was registered, if engagement has heard (identity's `user.registered`); null for accounts made before. */
    registeredAt: z.string().nullable(),
    /** Every review this account has written, any status. */
    reviewCount: z.number().int(),
  }),
  rejectionReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  moderatedBy: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewPage = z.object({ items: z.array(adminReview), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AdminReviewPage = z.infer<typeof adminReviewPage>;

/** `POST /api/admin/reviews/bulk`: one decision for up to 100 reviews, all or nothing; a rejection needs its reason. */
export const bulkModerationRequest = z
  .object({
    reviewIds: z
      .array(z.string({ error: messages.bulkReviewIdsInvalid }).uuid(messages.bulkReviewIdsInvalid), { error: messages.bulkReviewIdsRequired })
      .min(1, messages.bulkReviewIdsRequired)
      .max(100, messages.bulkReviewIdsMax)
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, messages.bulkReviewIdsDuplicate),
    decision: z.enum(['approve', 'reject'], { error: messages.bulkDecisionInvalid }),
    reason: rejectionReason.optional(),
  })
  .refine((body) => body.decision !== 'reject' || body.reason !== undefined, { message: messages.rejectReasonRequired, path: ['reason'] });
export type BulkModerationRequest = z.output<typeof bulkModerationRequest>;
export const bulkModerationAnswer = z.object({
  /** Reviews this call decided (each with its own event). */
  decided: z.number().int(),
  /** Reviews that already had this decision (nothing sent again). */
  unchanged: z.number().int(),
  reviews: z.array(adminReview),
});
export type BulkModerationAnswer = z.infer<typeof bulkModerationAnswer>;

/** What the review audit log records: an admin's decision on a review. */
export const reviewAuditActions = ['approved', 'rejected'] as const;
export type ReviewAuditAction = (typeof reviewAuditActions)[number];
export const reviewAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.enum(reviewAuditActions),
  reviewId: z.string(),
  reviewTitle: z.string().nullable(),
  hotelId: z.number().int(),
  hotelName: z.string().nullable(),
  reviewerName: z.string().nullable(),
  /** The rejection reason, when there is one. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type ReviewAuditEntry = z.infer<typeof reviewAuditEntry>;
export const reviewAuditAnswer = z.object({ items: z.array(reviewAuditEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type ReviewAuditAnswer = z.infer<typeof reviewAuditAnswer>;
