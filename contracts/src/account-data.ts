import { z } from 'zod';
import { webhooksExport, type WebhooksExport } from './webhooks.ts';
import { publicUser } from './identity.ts';
import { reviewAnswer } from './engagement.ts';
import { reviewPhoto } from './review-gym-schemas.ts';
import { savedSearchAnswer } from './saved-searches.ts';
import { trainingNeedsAnswer } from './training.ts';
import { displayPreferencesAnswer } from './display-preferences.ts';

/**
 * An account's data is its owner's: each service answers its own part of "everything we keep about you"
 * (`GET /api/<area>/me/export`, signed in, the caller's own), and the browser puts the parts together
 * into one JSON file (`assembleAccountExport`). No service reads another's schema for it.
 */

const time = z.string();
const maybeTime = z.string().nullable();
const hotelId = z.number().int().positive();

/** identity: the account itself, its email links and reset requests, the sessions it ended. */
export const identityExport = z.object({
  profile: publicUser.extend({ updatedAt: time }),
  emailVerifiedAt: maybeTime,
  /** When every session of the account issued before it was ended (a password reset or change, "sign out everywhere"). */
  sessionsEndedAt: maybeTime,
  emailVerificationLinks: z.array(z.object({ email: z.string(), purpose: z.string(), reason: z.string(), createdAt: time, expiresAt: time, usedAt: maybeTime })),
  passwordResetRequests: z.array(z.object({ createdAt: time, expiresAt: time, usedAt: maybeTime })),
  signedOutSessions: z.array(z.object({ revokedAt: time, expiresAt: time })),
  /** The kinds of email the owner turned off (everything else is on), and how and when (`contracts/src/email-preferences.ts`). */
  emailPreferences: z.array(z.object({ kind: z.string(), scope: z.string().nullable(), source: z.string(), createdAt: time })),
  /** The weight unit and currency the owner reads figures in, when they set them (null: never set, the defaults). */
  displayPreferences: displayPreferencesAnswer.nullable(),
  /** The organisation (hotel group) the account belongs to, its roles there, and the lines of its activity log the account wrote. */
  organisation: z.object({ id: z.string(), name: z.string(), grants: z.record(z.string(), z.string()), founder: z.boolean() }).nullable(),
  organisationActivity: z.array(z.object({ at: time, action: z.string(), hotelId: z.number().int().nullable(), hotelName: z.string().nullable(), subjectId: z.string().nullable(), detail: z.string().nullable() })),
});
export type IdentityExport = z.infer<typeof identityExport>;

/** catalog: a provider's listings, the photos and pending changes they sent, an admin's actions on listings. */
export const catalogExport = z.object({
  listings: z.array(
    z.object({
      id: hotelId,
      name: z.string(),
      slug: z.string(),
      status: z.enum(['pending', 'approved', 'rejected']),
      description: z.string().nullable(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
      contactEmail: z.string().nullable(),
      bookingUrl: z.string().nullable(),
      pricePerNight: z.number().nullable(),
      currency: z.string(),
      createdAt: time,
      updatedAt: time,
    }),
  ),
  photosUploaded: z.array(z.object({ hotelId, photoId: z.string(), kind: z.string(), uploadedAt: time })),
  pendingChanges: z.array(z.object({ hotelId, submittedAt: time, fields: z.record(z.string(), z.unknown()) })),
  adminActions: z.array(z.object({ action: z.string(), hotelId, hotelName: z.string(), detail: z.string().nullable(), createdAt: time })),
  /** Saved searches, the address their alerts go to, and each hotel they told about (when, and by which alert). */
  savedSearches: z.array(
    savedSearchAnswer.extend({
      alertEmail: z.string(),
      hotelsMatched: z.array(z.object({ hotelId, matchedAt: time, delivery: z.string() })),
    }),
  ),
  /** Gym reports the account sent (and how they were answered), its confirmations of gym facts, and the reports it answered. */
  gymReports: z.array(z.object({ id: z.string(), hotelId, kind: z.string(), detail: z.string(), status: z.string(), createdAt: time, resolvedAt: time.nullable() })),
  gymConfirmations: z.array(z.object({ hotelId, as: z.string(), createdAt: time })),
  gymReportAnswers: z.array(z.object({ reportId: z.string(), hotelId, resolution: z.string(), note: z.string().nullable(), resolvedAt: time })),
});
export type CatalogExport = z.infer<typeof catalogExport>;

export const reviewStates = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];
/** A review's moderation state from its `isApproved` (null while it waits). */
export const reviewStateOf = (isApproved: boolean | null): ReviewState => (isApproved === null ? 'pending' : isApproved ? 'approved' : 'rejected');

/** One of the caller's own reviews (`GET /api/reviews/mine`): where it stands, and the moderator's reason for a rejection. */
export const myReview = reviewAnswer.extend({
  hotelName: z.string().nullable(),
  status: z.enum(reviewStates),
  rejectionReason: z.string().nullable(),
  moderatedAt: maybeTime,
});
export type MyReview = z.infer<typeof myReview>;

/** engagement: favourites, reviews (with their state and the hotel's reply), contact messages, replies and moderation by the account. */
export const engagementExport = z.object({
  favorites: z.array(z.object({ hotelId, hotelName: z.string().nullable(), createdAt: time })),
  reviews: z.array(myReview),
  contactMessages: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), subject: z.string().nullable(), message: z.string(), inquiryType: z.string(), createdAt: time })),
  /** A provider's replies under reviews of their hotels. */
  repliesWritten: z.array(z.object({ reviewId: z.string(), hotelId, text: z.string(), createdAt: time, updatedAt: time })),
  /** An admin's review decisions. */
  reviewDecisions: z.array(z.object({ reviewId: z.string(), action: z.string(), hotelId, detail: z.string().nullable(), createdAt: time })),
  /** When engagement learnt the account was registered (moderators see a reviewer's account age). */
  registeredAt: maybeTime,
  /** When RepRoute first sent the account to each hotel (from referral's clicks and leads): what marks a review "Verified stay". */
  hotelsSentTo: z.array(z.object({ hotelId, firstSentAt: time })),
  /** The verified address a favourite hotel's gym changes are emailed to (null until the account keeps a favourite with one). */
  favoriteAlertAddress: z.string().nullable(),
  /** What the account needs from a hotel gym ("My training, matched"), when it saved any. */
  trainingNeeds: trainingNeedsAnswer.shape.needs.optional(),
  /** Gym photos the account uploaded for a review and has not yet put in one (those in its reviews are in `reviews`). */
  unusedReviewPhotos: z.array(reviewPhoto.extend({ createdAt: time })),
});
export type EngagementExport = z.infer<typeof engagementExport>;

/** referral: the leads the account sent hotels and its clicks on booking links. */
export const referralExport = z.object({
  leads: z.array(
    z.object({
      id: z.string(),
      referralId: z.string().nullable(),
      hotelId,
      hotelName: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      message: z.string().nullable(),
      checkInDate: z.string().nullable(),
      checkOutDate: z.string().nullable(),
      guests: z.number().int().nullable(),
      status: z.string(),
      referralUrl: z.string().nullable(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: time,
    }),
  ),
  clicks: z.array(
    z.object({
      id: z.string(),
      hotelId: hotelId.nullable(),
      hotelName: z.string(),
      bookingUrl: z.string(),
      searchParams: z.unknown(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      clientTimestamp: maybeTime,
      createdAt: time,
    }),
  ),
  /** Leads of an organisation's inbox the account took as a member (the lead is the hotel's; who took it is the account's). */
  assignedLeads: z.array(z.object({ leadId: z.string(), hotelId, hotelName: z.string(), assignedAt: maybeTime })),
});
export type ReferralExport = z.infer<typeof referralExport>;

/** At most this many analytics records go into an export (the newest); `total` says how many there are. */
export const analyticsExportLimit = 10_000;

/** analytics: the records the browser sent while signed in as the account (with consent). */
export const analyticsExport = z.object({
  events: z.array(
    z.object({
      kind: z.string(),
      value: z.string().nullable(),
      hotelId: hotelId.nullable(),
      sessionId: z.string().nullable(),
      payload: z.unknown(),
      clientTimestamp: maybeTime,
      receivedAt: time,
    }),
  ),
  total: z.number().int(),
  truncated: z.boolean(),
});
export type AnalyticsExport = z.infer<typeof analyticsExport>;

export const accountExportFormat = 'reproute.account-export';

/** What the export says about what it does not hold, so the file explains itself. */
export const accountExportNotes = [
  'Each part comes from the service that keeps it: identity (the account), catalog (listings, saved searches), engagement (favourites, reviews, contact messages), referral (leads and booking clicks), analytics (records sent while signed in, with consent).',
  'Email preferences (the kinds of email you turned off) are in identity\'s part; the notifier keeps a copy of them to check as it sends, which goes with the account.',
  'Emails we sent you are in your mailbox; the notifier keeps a copy of each for up to 7 days so it never sends one twice, and erases them when the account is deleted.',
  'Daily and hourly figures (page views, clicks and leads per hotel) are counts that name nobody, so they are not part of any account.',
  'Leads were emailed to the hotels when you sent them; what the hotels keep of them is theirs.',
];

/** The one file "Download my data" saves: every service's part, under its name. */
export const accountExport = z.object({
  format: z.literal(accountExportFormat),
  version: z.literal(1),
  exportedAt: time,
  accountId: z.string(),
  identity: identityExport,
  catalog: catalogExport,
  engagement: engagementExport,
  referral: referralExport,
  analytics: analyticsExport,
  /** The webhook endpoints the account owns (never their secrets); absent from files made before webhooks. */
  webhooks: webhooksExport.optional(),
  notes: z.array(z.string()),
});
export type AccountExport = z.infer<typeof accountExport>;

export interface AccountExportParts {
  identity: IdentityExport;
  catalog: CatalogExport;
  engagement: EngagementExport;
  referral: ReferralExport;
  analytics: AnalyticsExport;
  webhooks?: WebhooksExport;
}

/** The parts put together as one file (the browser does it; the integration test checks the same). */
export function assembleAccountExport(parts: AccountExportParts, now: Date = new Date()): AccountExport {
  return {
    format: accountExportFormat,
    version: 1,
    exportedAt: now.toISOString(),
    accountId: parts.identity.profile.id,
    identity: parts.identity,
    catalog: parts.catalog,
    engagement: parts.engagement,
    referral: parts.referral,
    analytics: parts.analytics,
    ...(parts.webhooks ? { webhooks: parts.webhooks } : {}),
    notes: [...accountExportNotes],
  };
}

/** `reproute-data-2026-12-01.json` */
export const accountExportFileName = (now: Date = new Date()) => `reproute-data-${now.toISOString().slice(0, 10)}.json`;
