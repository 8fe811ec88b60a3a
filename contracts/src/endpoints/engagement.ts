import { z } from 'zod';
import { defineEndpoints, rawAnswer } from '../endpoint.ts';
import { engagementExport, myReview } from '../account-data.ts';
import { adminAuditQuery } from '../catalog.ts';
import { hotelIdSchema } from '../http.ts';
import { reviewPhotoUploadAnswer } from '../review-gym-schemas.ts';
import {
  adminReviewListQuery,
  adminReviewPage,
  adminReviewsQuery,
  bulkModerationAnswer,
  bulkModerationRequest,
  contactAnswer,
  contactRequest,
  favoriteItem,
  favoriteRequest,
  hotelReviewsQuery,
  moderationRequest,
  pendingReview,
  reviewAnswer,
  reviewAuditAnswer,
  reviewReplyRequest,
  reviewRequest,
} from '../engagement.ts';

/** A review's id as the path carries it; the handler answers 404 for one that is not a UUID. */
const reviewIdParam = z.object({ id: z.string() });

/** The engagement service: favourites, reviews (writing, moderation, the hotel's reply) and the contact form. */
export const engagementEndpoints = defineEndpoints('engagement', {
  'GET /api/favorites': {
    access: 'signedIn',
    summary: 'The caller\'s favourite hotels, newest first',
    responses: { 200: z.array(favoriteItem) },
    doc: '`[{ hotelId, createdAt }]` newest first',
  },
  'POST /api/favorites': {
    access: 'signedIn',
    summary: 'Add a hotel to the caller\'s favourites (once)',
    body: favoriteRequest,
    responses: { 200: favoriteItem, 201: favoriteItem },
    doc: '201 `{ hotelId, createdAt }` (200 with the same row when already a favourite); 404 unknown hotel',
  },
  'DELETE /api/favorites/:hotelId': {
    access: 'signedIn',
    summary: 'Remove a hotel from the caller\'s favourites (idempotent)',
    params: z.object({ hotelId: hotelIdSchema }),
    responses: { 204: null },
    doc: '204, also when it was not a favourite or the hotel is gone from the catalog',
  },
  'POST /api/reviews': {
    access: 'signedIn',
    summary: 'Write a review of a hotel; it waits for moderation',
    body: reviewRequest,
    responses: { 201: reviewAnswer },
    doc: '201 review (pending), `verifiedStay` true when RepRoute sent the author to the hotel (a booking-link click or a lead, signed in) before the end of the stay\'s month (it also turns true when such a click\'s event arrives later); 400 "Stays in the future cannot be reviewed" for a stay after today (at UTC+14); 403 "Please verify your email address before writing a review: ..." while the token does not claim a verified email; 409 "You have already reviewed this hotel."; 400 "You cannot review a hotel you own.". The gym\'s details, each optional: `gymScores: { equipment, space, cleanliness, crowding }` (whole numbers 1–5; 400 "Gym sub-scores (equipment, space, cleanliness, crowding) are whole numbers from 1 to 5", another key "Gym sub-scores are equipment, space, cleanliness and crowding"), `trainedHour` 0–23 or `trainedBand` early|morning|midday|afternoon|evening|late (an hour outside the band given: 400 "The hour you trained is not in the time of day you chose; ..."; the answer\'s band follows the hour), `trainedKinds` any of strength, cardio, classes, hiit, mobility, swimming, other, each once, and `photoIds` (at most 6) of the caller\'s own uploads from `POST /api/reviews/photos` not yet in a review (else 400 "A review photo must be one you uploaded and not yet used in another review; upload it again", nothing written)',
  },
  'GET /api/reviews/mine': {
    access: 'signedIn',
    summary: 'The caller\'s own reviews, newest first, each with where it stands (pending, approved, rejected)',
    responses: { 200: z.array(myReview) },
    doc: '`[{ ...Review, hotelName, status: "pending"|"approved"|"rejected", rejectionReason, moderatedAt }]` newest first (at most 500); `rejectionReason` is the moderator\'s, for a rejected review',
  },
  'GET /api/engagement/me/export': {
    access: 'signedIn',
    summary: 'Everything engagement keeps about the caller: favourites, reviews, contact messages, replies and review decisions',
    responses: { 200: engagementExport },
    doc: '`{ favorites, reviews, contactMessages, repliesWritten, reviewDecisions, registeredAt }`: the caller\'s own favourites, reviews and messages, as this service keeps them; one part of the file "Download my data" saves (`contracts/src/account-data.ts`); contact messages are those sent signed in or from one of the account\'s addresses',
  },
  'GET /api/hotels/:hotelId/reviews': {
    access: 'public',
    summary: 'A hotel\'s approved reviews, newest first (admins may ask for other statuses)',
    params: z.object({ hotelId: z.string() }),
    query: hotelReviewsQuery,
    responses: { 200: z.array(reviewAnswer) },
    publicRead: true,
    doc: '`Review[]` (`[]` for an unknown hotel); admin: `?status=pending|rejected|all`',
  },
  'GET /api/reviews': {
    access: 'admin',
    summary: 'Reviews by status for moderation, each with its hotel\'s name and the reviewer\'s name',
    query: adminReviewsQuery,
    responses: { 200: z.array(pendingReview) },
    doc: '`PendingReview[]` with `hotelName` and `user: { firstName, lastName }`; `status` pending (default), rejected, approved or all',
  },
  'PUT /api/reviews/:id/approve': {
    access: 'admin',
    summary: 'Approve or reject one review',
    params: reviewIdParam,
    body: moderationRequest,
    responses: { 200: reviewAnswer },
    doc: 'review; repeating a decision changes nothing; reversing one answers 409. `reason` (1–500 characters trimmed; 400 "Please give a reason for rejecting" / "Reason must be at most 500 characters") is kept with a rejection, sent in `review.rejected` and emailed to the reviewer; the spec\'s body without it still works. Each decision is written to the review audit log in its own transaction',
  },
  'GET /api/admin/reviews': {
    access: 'admin',
    summary: 'The moderation list: filtered, sorted and paged, with every fact a moderator weighs',
    query: adminReviewListQuery,
    responses: { 200: adminReviewPage },
    doc: 'the moderation list: `{ items: AdminReview[], total, page, pageSize }`. `status` pending (default), approved, rejected or all; `rating` 1–5 (exact); `q` (≤ 200 characters) matches title, text, the reviewer\'s name or email and the hotel\'s name, `%` and `_` literally; `from`/`to` are UTC days (`YYYY-MM-DD`, inclusive) the review was written; `sort` `oldest` (default, the queue), `newest`, `rating-high`, `rating-low`; `page` 1–10000, `pageSize` 1–100 (default 25). Reviews of deleted hotels are left out. Each bad value answers 400 with its own message',
  },
  'POST /api/admin/reviews/bulk': {
    access: 'admin',
    summary: 'One decision on up to 100 reviews, all or nothing',
    body: bulkModerationRequest,
    responses: { 200: bulkModerationAnswer },
    doc: '`{ decided, unchanged, reviews: AdminReview[] }`, all or nothing: the reviews are locked together; an unknown id answers 404 "Review not found" with `errors: [{ path: "reviewIds.<i>" }]`, a review already decided the other way 409 "This review has already been moderated.", and then nothing is written. Every review decided gets its own `review.approved`/`review.rejected` event (so the catalog\'s rating and the reviewer\'s email follow as for one decision) and its own audit entry; a review already carrying this decision is `unchanged` and sends nothing. `reason` is required to reject (400 "Please give a reason for rejecting"); repeated ids answer 400 "Each review may be chosen once"',
  },
  'GET /api/admin/reviews/audit': {
    access: 'admin',
    summary: 'Who approved or rejected which review, newest first',
    query: adminAuditQuery,
    responses: { 200: reviewAuditAnswer },
    doc: 'who approved or rejected which review: `{ items: [{ id, actorId, actorEmail, action: "approved"|"rejected", reviewId, reviewTitle, hotelId, hotelName, reviewerName, detail, createdAt }], total, page, pageSize }`, newest first; `detail` is the rejection reason. Kept by engagement next to the decision (the hotels\' log is `GET /api/admin/hotels/audit`); the admin Audit Log tab shows either',
  },
  'POST /api/reviews/:id/reply': {
    access: 'provider',
    summary: 'The owning provider\'s reply under an approved review of their hotel (once)',
    params: reviewIdParam,
    body: reviewReplyRequest,
    responses: { 201: reviewAnswer },
    doc: '201 review with `reply`; the reviewer is emailed (`review.replied`); text 1–2000 characters trimmed (400 "Please write a reply" / "Reply must be at most 2000 characters"); a second POST answers 409 "You have already replied to this review. Edit your reply instead."; a review that is not approved or not of the caller\'s own hotel answers 404 "Review not found"; 403 for non-providers',
  },
  'PUT /api/reviews/:id/reply': {
    access: 'provider',
    summary: 'Edit the owning provider\'s reply under a review',
    params: reviewIdParam,
    body: reviewReplyRequest,
    responses: { 200: reviewAnswer },
    doc: '200 review with the edited `reply` (no new email); 404 "This review has no reply yet." before the first reply',
  },
  'POST /api/contact': {
    access: 'public',
    summary: 'Send a message to support (emailed, with an acknowledgement to the sender)',
    body: contactRequest,
    responses: { 201: contactAnswer },
    doc: '201 `{ id, message }`; `email` is one address; 429 with `Retry-After` past 5 messages per address an hour or 20 per client in 10 minutes',
  },
  'POST /api/reviews/photos': {
    access: 'signedIn',
    multipart: true,
    summary: 'Upload gym photos for the caller\'s next review (multipart/form-data, one to six file parts)',
    responses: { 201: reviewPhotoUploadAnswer },
    doc: '201 `{ photos: [{ id, src, srcSet, width, height }] }`: each file goes through the listing photos\' pipeline (JPEG, PNG or WebP read from its content, at most 10 MB and 100 megapixels, turned upright, every metadata stripped, WebP variants 400/800/1600 px wide); name the ids in `photoIds` of `POST /api/reviews` within a day (unused photos go after 24 hours). The photos are shown with the review once it is approved and go with it when it is rejected or deleted. 400 "Photos must be JPEG, PNG or WebP images", "Each photo must be at most 10 MB", "Choose at least one photo to upload", "A review can have at most 6 photos", or "You have 12 photos waiting for a review already: ..."; 403 until the email address is verified; 503 with `Retry-After` while the photo pipeline is full',
  },
  'GET /images/review-photos/:file': {
    access: 'public',
    summary: 'A review photo\'s WebP variant',
    params: z.object({ file: z.string() }),
    responses: { 200: rawAnswer('image/webp', 'The WebP variant'), 304: null },
    doc: '`{id}-{w}.webp`; `Cache-Control: public, max-age=86400` once its review is approved, `private, no-store` before (only the author and moderators are given its address then); 404 for a photo no review or upload holds (a rejected or deleted review\'s)',
  },
});
