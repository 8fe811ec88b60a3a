import { z } from 'zod';
import { emailKinds } from './email-preferences.ts';

/** Kafka topics, named `<service>.<aggregate>`; the message key is the aggregate id. */
export const topics = {
  users: 'identity.users',
  hotels: 'catalog.hotels',
  reviews: 'engagement.reviews',
  favorites: 'engagement.favorites',
  /** A saved search's alerts (`saved-search.matched`), keyed by the account. */
  savedSearches: 'catalog.saved-searches',
  contact: 'engagement.contact',
  leads: 'referral.leads',
  clicks: 'referral.clicks',
  analytics: 'analytics.events',
  /** Each service's report that it erased what it held of a deleted account (`user.data-erased`), keyed by the account. */
  erasures: 'accounts.erasures',
  /** What members of an organisation changed (`organisation.activity`), from catalog, referral and engagement to identity's log, keyed by the organisation. */
  organisationActivity: 'organisations.activity',
  /** A webhook endpoint's notices to its owner (`webhook.endpoint_disabled`), keyed by the endpoint. */
  webhookEndpoints: 'webhooks.endpoints',
} as const;
export type Topic = (typeof topics)[keyof typeof topics];
export const allTopics: readonly string[] = Object.values(topics);
/** Where a consumer puts a message it cannot handle after bounded retries. */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

const uuid = z.string().uuid();

/**
 * The processes that hold something of an account and erase it when the account is deleted (docs/decisions.md,
 * "Deleting an account"): identity finishes a deletion once each of them has reported `user.data-erased`.
 */
export const erasingServices = ['catalog', 'engagement', 'referral', 'analytics', 'notifier', 'webhooks'] as const;
export type ErasingService = (typeof erasingServices)[number];
const hotelId = z.number().int().positive().max(2_147_483_647);

const hotelSnapshot = z.object({
  hotelId,
  name: z.string(),
  slug: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  providerId: uuid.nullable(),
  providerEmail: z.string().nullable(),
  /** Where leads for this hotel are emailed: the listing's own address, else the owning provider's. */
  contactEmail: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  isApproved: z.boolean(),
  /** The taxonomy labels the gym lists; absent in events from before they were carried. */
  equipmentLabels: z.array(z.string()).optional(),
});

const reviewFacts = z.object({
  reviewId: uuid,
  hotelId,
  hotelName: z.string().nullable(),
  userId: uuid,
  reviewerEmail: z.string().nullable(),
  reviewerFirstName: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  gymRating: z.number().int().min(1).max(5).nullable(),
  title: z.string().nullable(),
});

/** Every event type, its topic and the zod schema of its data: the one definition producers and consumers share. */
export const eventCatalog = {
  'user.registered': {
    topic: topics.users,
    data: z.object({ userId: uuid, email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  },
  'user.profile_completed': {
    topic: topics.users,
    data: z.object({ userId: uuid, isProvider: z.boolean(), isTraveler: z.boolean() }),
  },
  'user.became_provider': {
    topic: topics.users,
    /** `emailVerified`: the account's address is already proved, so the provider welcome goes out now (else it follows the proof). */
    data: z.object({ userId: uuid, email: z.string(), companyName: z.string(), emailVerified: z.boolean().optional() }),
  },
  /** Sealed reset tokens open only for this account's reset email (the associated data of the seal). */
  'user.password_reset_requested': {
    topic: topics.users,
    // The single-use token travels sealed (AES-256-GCM, a key only identity and the notifier hold);
    // the notifier opens it only to put it in the emailed link, so Kafka, the outbox and job data never hold it readable.
    data: z.object({ userId: uuid, email: z.string(), firstName: z.string().nullable(), sealedToken: z.string(), expiresAt: z.string() }),
  },
  /**
   * A verification link for `email`: a new account's address (`registration`, `resend`) or the new address
   * of an email change (`change`). Sealed like reset tokens; it carries no name, since the address has not
   * been proved to belong to the person who typed one.
   */
  'user.email_verification_requested': {
    topic: topics.users,
    data: z.object({ userId: uuid, email: z.string(), reason: z.enum(['registration', 'resend', 'change']), sealedToken: z.string(), expiresAt: z.string() }),
  },
  /** An email change was asked for: a notice to the account's current (proved) address, which stays in use until the new one is confirmed. */
  'user.email_change_requested': {
    topic: topics.users,
    data: z.object({ userId: uuid, email: z.string(), firstName: z.string().nullable() }),
  },
  /**
   * The account's address is proved: `previousEmail` is the address it replaced (an email change), null for a new account's first address.
   * `isProvider`: the account is a provider's (its welcome is the provider's); absent in events from before it was carried.
   */
  'user.email_verified': {
    topic: topics.users,
    data: z.object({ userId: uuid, email: z.string(), firstName: z.string().nullable(), previousEmail: z.string().nullable(), isProvider: z.boolean().optional() }),
  },
  /**
   * The owner asked to delete the account (identity has ended its tokens): every service in `erasingServices`
   * erases or anonymises what it holds of it, then reports `user.data-erased`. `emails` are the addresses the
   * account used (its email, a pending one, earlier ones of email changes), for what is kept by address (the
   * contact form, email jobs). Identity sends it again while a service has not reported, so a handler must be
   * idempotent: a second run finds nothing left and reports again.
   */
  'user.deletion-requested': {
    topic: topics.users,
    data: z.object({ userId: uuid, emails: z.array(z.string()), isProvider: z.boolean(), requestedAt: z.string() }),
  },
  /** One service erased what it held of a deleted account (its report to identity, which finishes the deletion once all have). */
  'user.data-erased': {
    topic: topics.erasures,
    data: z.object({ userId: uuid, service: z.enum(erasingServices) }),
  },
  /**
   * The account's email preferences changed (docs/decisions.md, "Email preferences and unsubscribing"): its whole
   * list of opt-outs each time, so the latest event alone is the truth (keyed by the account, in order). The
   * notifier keeps a copy and checks it as it sends. No address and no token travel here.
   */
  'user.email_preferences_changed': {
    topic: topics.users,
    data: z.object({ userId: uuid, optOuts: z.array(z.object({ kind: z.enum(emailKinds), scope: z.string().nullable() })) }),
  },
  'hotel.created': { topic: topics.hotels, data: hotelSnapshot },
  'hotel.updated': { topic: topics.hotels, data: hotelSnapshot },
  'hotel.submitted': { topic: topics.hotels, data: hotelSnapshot },
  'hotel.approved': { topic: topics.hotels, data: hotelSnapshot },
  'hotel.rejected': { topic: topics.hotels, data: hotelSnapshot.extend({ reason: z.string().nullable() }) },
  /**
   * An admin's decision on a provider's change to a live listing: approved (applied, the snapshot is the new live state)
   * or rejected with the reason (the live listing unchanged; the change is kept for the provider to fix and send again).
   * `changes` names what the change was about as the provider reads it ("Name", "Photos"). Emailed to the provider.
   */
  'hotel.revision-approved': { topic: topics.hotels, data: hotelSnapshot.extend({ changes: z.array(z.string()) }) },
  'hotel.revision-rejected': { topic: topics.hotels, data: hotelSnapshot.extend({ changes: z.array(z.string()), reason: z.string() }) },
  /**
   * A review of a provider's listing was published (the catalog counted its first `review.approved`): the notice to
   * the listing's owner. Only for listings with an owning provider.
   */
  'hotel.review-published': {
    topic: topics.hotels,
    data: z.object({
      hotelId,
      name: z.string(),
      slug: z.string(),
      providerId: uuid,
      providerEmail: z.string(),
      reviewId: uuid,
      rating: z.number().int().min(1).max(5),
      title: z.string().nullable(),
    }),
  },
  'hotel.deleted': { topic: topics.hotels, data: z.object({ hotelId, providerId: uuid.nullable() }) },
  /**
   * A live hotel's gym facts changed (equipment, hours, size, the heaviest dumbbell): an admin's edit or an approved
   * revision. `changes` names what changed, as a traveller reads it. Engagement tells the hotel's favourites.
   */
  'hotel.gym-updated': {
    topic: topics.hotels,
    data: z.object({ hotelId, name: z.string(), slug: z.string(), city: z.string().nullable(), country: z.string().nullable(), changes: z.array(z.string()) }),
  },
  /**
   * A hotel approved that a saved search finds, by the search page's own rules: once per saved search and hotel,
   * ever. `delivery` is the search's alert choice when it matched (instant email or the weekly digest); `email` the
   * verified address the search was saved with (kept current by identity's `user.email_verified`).
   */
  'saved-search.matched': {
    topic: topics.savedSearches,
    data: z.object({
      savedSearchId: uuid,
      userId: uuid,
      email: z.string(),
      searchName: z.string(),
      searchPath: z.string(),
      delivery: z.enum(['instant', 'weekly']),
      hotel: z.object({ hotelId, name: z.string(), slug: z.string(), city: z.string().nullable(), country: z.string().nullable() }),
    }),
  },
  'review.submitted': { topic: topics.reviews, data: reviewFacts },
  'review.approved': { topic: topics.reviews, data: reviewFacts },
  /** `reason` is the moderator's, emailed to the reviewer; absent in events from before reasons were kept. */
  'review.rejected': { topic: topics.reviews, data: reviewFacts.extend({ reason: z.string().nullable().optional() }) },
  /** The owning provider answered a review (first reply only; edits are not announced). */
  'review.replied': { topic: topics.reviews, data: reviewFacts.extend({ replyText: z.string() }) },
  'favorite.added': { topic: topics.favorites, data: z.object({ userId: uuid, hotelId }) },
  'favorite.removed': { topic: topics.favorites, data: z.object({ userId: uuid, hotelId }) },
  /**
   * The owner changed a saved search's alerts (`alerts`) or deleted it (`deleted`): a weekly match the notifier keeps
   * for the digest is dropped unless the search is still weekly. Keyed by the account, after its earlier matches.
   */
  'saved-search.changed': {
    topic: topics.savedSearches,
    data: z.object({ savedSearchId: uuid, userId: uuid, alerts: z.enum(['instant', 'weekly', 'paused', 'deleted']) }),
  },
  /** A favourite hotel's gym facts changed (from the catalog's `hotel.gym-updated`): one per account that keeps it, to its verified address. */
  'favorite.gym-updated': {
    topic: topics.favorites,
    data: z.object({ userId: uuid, email: z.string(), hotelId, name: z.string(), slug: z.string(), changes: z.array(z.string()) }),
  },
  'contact.received': {
    topic: topics.contact,
    data: z.object({
      messageId: uuid,
      name: z.string(),
      email: z.string(),
      subject: z.string().nullable(),
      message: z.string(),
      inquiryType: z.string(),
    }),
  },
  'referral.clicked': {
    topic: topics.clicks,
    data: z.object({ clickId: uuid, hotelId: hotelId.nullable(), hotelName: z.string(), bookingUrl: z.string(), userId: uuid.nullable() }),
  },
  'lead.created': {
    topic: topics.leads,
    data: z.object({
      leadId: uuid,
      hotelId,
      hotelName: z.string(),
      contactEmail: z.string().nullable(),
      userId: uuid.nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      message: z.string().nullable(),
      checkInDate: z.string().nullable(),
      checkOutDate: z.string().nullable(),
      guests: z.number().int().nullable(),
      /** The booking link's `ref` (RR_{hotelId}_{timestamp}); absent in events from before referral ids. */
      referralId: z.string().nullable().optional(),
      /** The property's lead routing: every address the lead is emailed to (absent or empty: `contactEmail` alone). */
      recipients: z.array(z.string()).optional(),
      /** The property's choice: each lead emailed at once, or kept for one digest a day per recipient (absent: instant, as in older events). */
      delivery: z.enum(['instant', 'daily']).optional(),
    }),
  },
  'analytics.recorded': {
    topic: topics.analytics,
    data: z.object({ kind: z.string(), hotelId: hotelId.nullable(), value: z.string().nullable(), sessionId: z.string().nullable() }),
  },
  /**
   * Gym facts that say how old they are (docs/decisions.md): a confirmation (`by` the hotel, an admin or a traveller;
   * no account id travels), a traveller's report of a change (emailed to the owning provider, in the admin queue), its
   * answer (the hotel edited the listing or disputed it with a note; an admin may dismiss it), and the reminder that
   * a listing's facts are older than GYM_FACTS_STALE_DAYS (emailed to the provider with the link to confirm them).
   */
  'hotel.gym-facts-confirmed': {
    topic: topics.hotels,
    data: z.object({ hotelId, by: z.enum(['hotel', 'admin', 'traveller']), confirmedAt: z.string() }),
  },
  'hotel.gym-report-opened': {
    topic: topics.hotels,
    data: z.object({
      reportId: uuid,
      hotelId,
      name: z.string(),
      slug: z.string(),
      providerId: uuid.nullable(),
      providerEmail: z.string().nullable(),
      kind: z.enum(['equipment', 'hours', 'closed', 'off-site']),
      detail: z.string(),
      reportedAt: z.string(),
    }),
  },
  'hotel.gym-report-resolved': {
    topic: topics.hotels,
    data: z.object({
      reportId: uuid,
      hotelId,
      name: z.string(),
      slug: z.string(),
      kind: z.enum(['equipment', 'hours', 'closed', 'off-site']),
      resolution: z.enum(['edited', 'disputed', 'dismissed']),
      note: z.string().nullable(),
      resolvedBy: z.enum(['hotel', 'admin']),
    }),
  },
  'hotel.gym-facts-stale': {
    topic: topics.hotels,
    data: z.object({
      hotelId,
      name: z.string(),
      slug: z.string(),
      providerId: uuid,
      providerEmail: z.string(),
      confirmedAt: z.string().nullable(),
      staleDays: z.number().int().positive(),
      openReports: z.number().int().min(0),
    }),
  },
  /**
   * An organisation's owner invited `email` (docs/decisions.md, "Organisations and roles"): the single-use token travels
   * sealed like reset links (organisationInvitationSealContext) and is opened only for the invitation email.
   */
  'organisation.invitation-created': {
    topic: topics.users,
    data: z.object({
      invitationId: uuid,
      organisationId: uuid,
      organisationName: z.string(),
      email: z.string(),
      inviterFirstName: z.string().nullable(),
      roles: z.array(z.string()),
      sealedToken: z.string(),
      expiresAt: z.string(),
    }),
  },
  /** A member changed a listing, a lead's status or a review's reply: one line of the organisation's activity log (identity keeps it). */
  'organisation.activity': {
    topic: topics.organisationActivity,
    data: z.object({
      organisationId: uuid,
      actorId: uuid,
      actorEmail: z.string(),
      action: z.string(),
      hotelId: hotelId.nullable(),
      hotelName: z.string().nullable(),
      subjectId: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  },
  /** A provider moved a lead along in the inbox (or through an API key); webhooks deliver it to the hotel's systems. */
  'lead.status_changed': {
    topic: topics.leads,
    data: z.object({
      leadId: uuid,
      hotelId,
      hotelName: z.string(),
      referralId: z.string().nullable(),
      status: z.string(),
      previousStatus: z.string(),
      changedAt: z.string(),
    }),
  },
  /**
   * An endpoint whose deliveries failed for a day was turned off; the notifier emails its owner. Carries the URL's
   * host only (a path or query may hold the receiver's own token), never a secret.
   */
  'webhook.endpoint_disabled': {
    topic: topics.webhookEndpoints,
    data: z.object({
      endpointId: uuid,
      ownerId: uuid,
      ownerEmail: z.string(),
      host: z.string(),
      hotelName: z.string().nullable(),
      failingSince: z.string(),
      lastError: z.string().nullable(),
    }),
  },
  /**
   * A review of an organisation's property was published: the members who answer its reviews (owners and responders
   * other than the organisation's own address, which hotel.review-published already tells) are emailed; identity names them.
   */
  'organisation.review-published': {
    topic: topics.users,
    data: z.object({
      organisationId: uuid,
      hotelId,
      name: z.string(),
      slug: z.string(),
      reviewId: uuid,
      rating: z.number().int().min(1).max(5),
      title: z.string().nullable(),
      recipients: z.array(z.object({ userId: uuid, email: z.string() })),
    }),
  },
} as const;

export type EventType = keyof typeof eventCatalog;
export type EventData<T extends EventType> = z.infer<(typeof eventCatalog)[T]['data']>;

/** The envelope every message carries: `{ id, type, version, occurredAt, data }`. */
export const envelopeSchema = z.object({
  id: uuid,
  type: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  data: z.unknown(),
});
export type Envelope<T extends EventType = EventType> = {
  id: string;
  type: T;
  version: number;
  occurredAt: string;
  data: EventData<T>;
};

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventCatalog, type);
}

/** Parses a raw message into a typed envelope, validating its data against the catalog; throws on any mismatch. */
export function parseEnvelope(raw: unknown): Envelope {
  const envelope = envelopeSchema.parse(raw);
  if (!isEventType(envelope.type)) throw new Error(`Unknown event type ${envelope.type}`);
  const data = eventCatalog[envelope.type].data.parse(envelope.data);
  return { ...envelope, type: envelope.type, data } as Envelope;
}

/** What a password-reset token is sealed for: its account's reset email, and nothing else. */
export const passwordResetSealContext = (userId: string) => `user.password_reset_requested:${userId}`;
/** What a verification token is sealed for: the verification email of this account to this address. */
export const emailVerificationSealContext = (userId: string, email: string) => `user.email_verification_requested:${userId}:${email}`;
/** What an invitation token is sealed for: this invitation's email to this address. */
export const organisationInvitationSealContext = (invitationId: string, email: string) => `organisation.invitation-created:${invitationId}:${email}`;
