import { describe, expect, it } from 'vitest';
import type { Envelope, EventType } from '@reproute/contracts';
import { emailsForEvent, notifiedEventTypes } from '../../src/domain/routing.ts';
import { queueEmailsHandler } from '../../src/events/handlers.ts';
import { redactedError } from '../../src/queue.ts';
import type { EmailJob } from '../../src/domain/email.ts';

const config = { supportEmail: 'support@reproute.example', appUrl: 'http://127.0.0.1:8080' };
const eventId = '44444444-4444-4444-8444-444444444444';

function envelope<T extends EventType>(type: T, data: Envelope<T>['data']): Envelope {
  return { id: eventId, type, version: 1, occurredAt: new Date().toISOString(), data } as Envelope;
}

const leadData = {
  leadId: '55555555-5555-4555-8555-555555555555', hotelId: 1, hotelName: 'Hotel One', contactEmail: 'one@hotel.example', userId: null,
  name: 'Lee', email: 'lee@example.com', message: null, checkInDate: null, checkOutDate: null, guests: null,
};
const reviewData = {
  reviewId: '66666666-6666-4666-8666-666666666666', hotelId: 1, hotelName: 'Hotel One', userId: '00000000-0000-4000-8000-000000000003',
  reviewerEmail: 'r@example.com', reviewerFirstName: 'R', rating: 4, gymRating: 5, title: 'Nice gym',
};
const hotelData = {
  hotelId: 9, name: 'Nine', slug: 'nine', city: null, country: null, providerId: '00000000-0000-4000-8000-000000000009', providerEmail: 'p@example.com',
  contactEmail: null, bookingUrl: null, isApproved: true,
};

describe('notifiedEventTypes', () => {
  it('covers every email the notifier owns', () => {
    expect(notifiedEventTypes).toEqual(
      expect.arrayContaining(['contact.received', 'lead.created', 'review.approved', 'review.rejected', 'hotel.approved', 'hotel.rejected']),
    );
    expect(notifiedEventTypes).toEqual(expect.arrayContaining(['user.email_verification_requested', 'user.email_verified', 'user.email_change_requested', 'user.password_reset_requested']));
    expect(notifiedEventTypes).not.toContain('review.submitted');
    expect(notifiedEventTypes).not.toContain('hotel.created');
    // A registration sends its verification link, and nothing that repeats what the registrant typed.
    expect(notifiedEventTypes).not.toContain('user.registered');
  });
});

describe('emailsForEvent', () => {
  it('derives each job id from the event id plus a per-email suffix, so a repeat never queues a second copy', () => {
    const contact = envelope('contact.received', { messageId: eventId, name: 'A', email: 'a@example.com', subject: null, message: 'Hi', inquiryType: 'general' });
    const jobs = emailsForEvent(contact, config);
    expect(jobs.map((j) => j.jobId)).toEqual([`${eventId}-support`, `${eventId}-ack`]);
    expect(jobs.map((j) => j.email.to)).toEqual(['support@reproute.example', 'a@example.com']);
    expect(emailsForEvent(contact, config)).toEqual(jobs);
  });

  it('routes each event type to its recipient', () => {
    expect(emailsForEvent(envelope('lead.created', leadData), config)).toEqual([{ jobId: `${eventId}-hotel`, email: expect.objectContaining({ to: 'one@hotel.example' }) }]);
    expect(emailsForEvent(envelope('review.approved', reviewData), config)).toEqual([{ jobId: `${eventId}-reviewer`, email: expect.objectContaining({ to: 'r@example.com' }) }]);
    expect(emailsForEvent(envelope('review.rejected', reviewData), config)).toEqual([{ jobId: `${eventId}-reviewer`, email: expect.objectContaining({ to: 'r@example.com' }) }]);
    expect(emailsForEvent(envelope('review.replied', { ...reviewData, replyText: 'Thank you' }), config)).toEqual([
      { jobId: `${eventId}-reviewer`, email: expect.objectContaining({ to: 'r@example.com' }) },
    ]);
    expect(emailsForEvent(envelope('hotel.approved', hotelData), config)).toEqual([{ jobId: `${eventId}-provider`, email: expect.objectContaining({ to: 'p@example.com' }) }]);
    expect(emailsForEvent(envelope('hotel.rejected', { ...hotelData, reason: null }), config)).toEqual([
      { jobId: `${eventId}-provider`, email: expect.objectContaining({ to: 'p@example.com' }) },
    ]);
  });

  it('sends a lead to every address of the property\'s lead routing, one email each with its own job id', () => {
    const routed = emailsForEvent(envelope('lead.created', { ...leadData, recipients: ['desk@hotel.example', 'sales@hotel.example', 'desk@hotel.example'] }), config);
    expect(routed.map((j) => [j.jobId, j.email.to])).toEqual([
      [`${eventId}-hotel-0`, 'desk@hotel.example'],
      [`${eventId}-hotel-1`, 'sales@hotel.example'],
    ]);
    expect(routed.every((j) => j.email.replyTo === leadData.email)).toBe(true);
    expect(emailsForEvent(envelope('lead.created', { ...leadData, recipients: [] }), config).map((j) => j.jobId)).toEqual([`${eventId}-hotel`]);
  });

  it('marks every email that is not an answer to the recipient\'s own action with its kind, account and scope (ruling 18)', () => {
    const listOf = (type: Parameters<typeof envelope>[0], data: unknown) => emailsForEvent(envelope(type, data as never), config).map((j) => j.email.list ?? null);
    expect(listOf('review.approved', reviewData)).toEqual([{ kind: 'review-status', userId: reviewData.userId }]);
    expect(listOf('review.rejected', reviewData)).toEqual([{ kind: 'review-status', userId: reviewData.userId }]);
    expect(listOf('review.replied', { ...reviewData, replyText: 'Thanks' })).toEqual([{ kind: 'review-replies', userId: reviewData.userId }]);
    expect(listOf('hotel.approved', hotelData)).toEqual([{ kind: 'listing-status', userId: hotelData.providerId, scope: '9' }]);
    expect(listOf('hotel.rejected', { ...hotelData, reason: null })).toEqual([{ kind: 'listing-status', userId: hotelData.providerId, scope: '9' }]);
    // Transactional email has no kind: it cannot be turned off, and says why it was sent.
    const lead = emailsForEvent(envelope('lead.created', leadData), config);
    expect(lead.map((j) => j.email.list)).toEqual([undefined]);
    expect(lead[0]!.email.text).toContain('You received this email because a traveller chose to send their details');
    const contact = emailsForEvent(envelope('contact.received', { messageId: eventId, name: 'A', email: 'a@example.com', subject: null, message: 'Hi', inquiryType: 'general' }), config);
    expect(contact.map((j) => j.email.list)).toEqual([undefined, undefined]);
    expect(contact[1]!.email.text).toContain("You received this email because this address was given on RepRoute's contact form");
  });

  it('never queues an email one can stop without the recipient\'s account id (its unsubscribe would have no one to stop it for)', () => {
    const noAccount = emailsForEvent(envelope('review.approved', { ...reviewData, userId: 'not-an-id' as never }), config);
    expect(noAccount).toEqual([]);
  });

  it('sends a listing\'s notices only to a provider account (no account: no one to tell, nothing to unsubscribe from)', () => {
    expect(emailsForEvent(envelope('hotel.approved', { ...hotelData, providerId: null }), config)).toEqual([]);
    expect(emailsForEvent(envelope('hotel.rejected', { ...hotelData, providerId: null, reason: null }), config)).toEqual([]);
  });

  it('never queues an email whose recipient or reply-to is more than one address', () => {
    const listed = envelope('contact.received', { messageId: eventId, name: 'A', email: 'a@example.com, b@example.com', subject: null, message: 'Hi', inquiryType: 'general' });
    const jobs = emailsForEvent(listed, config);
    expect(jobs.map((j) => j.jobId)).toEqual([`${eventId}-support`]);
    expect(jobs[0]!.email.replyTo).toBeUndefined();
    const broken = emailsForEvent(envelope('lead.created', { ...leadData, contactEmail: 'desk@hotel.example\r\nBcc: x@example.com', email: 'lee@example.com' }), config);
    expect(broken).toEqual([]);
    // A traveller's address that is not one address is no contact: such a lead sends the hotel nothing.
    expect(emailsForEvent(envelope('lead.created', { ...leadData, email: 'lee@example.com\nBcc: x@example.com' }), config)).toEqual([]);
  });

  it('sends nothing when there is no recipient, and nothing for events without emails', () => {
    expect(emailsForEvent(envelope('lead.created', { ...leadData, contactEmail: null }), config)).toEqual([]);
    // A lead without the traveller's contact (a visitor's or an unverified account's, from before ruling 14) is never emailed.
    expect(emailsForEvent(envelope('lead.created', { ...leadData, name: null, email: null }), config)).toEqual([]);
    expect(emailsForEvent(envelope('review.approved', { ...reviewData, reviewerEmail: null }), config)).toEqual([]);
    expect(emailsForEvent(envelope('hotel.approved', { ...hotelData, providerEmail: null }), config)).toEqual([]);
    expect(emailsForEvent(envelope('favorite.added', { userId: reviewData.userId, hotelId: 1 }), config)).toEqual([]);
  });
});

describe('queueEmailsHandler', () => {
  it('adds one job per email with the derived job id and the event facts', async () => {
    const added: { name: string; data: EmailJob; jobId?: string }[] = [];
    const queue = { add: async (name: string, data: EmailJob, opts: { jobId?: string }) => void added.push({ name, data, jobId: opts.jobId }) };
    const handler = queueEmailsHandler(queue as never, config);
    await handler(envelope('lead.created', leadData) as never, undefined as never);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ name: 'lead.created', jobId: `${eventId}-hotel`, data: { eventId, eventType: 'lead.created', email: { to: 'one@hotel.example' } } });
  });
});

describe('redactedError', () => {
  it('masks email addresses in SMTP errors and keeps the codes', () => {
    const err = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <jane.doe@example.com>: no such user"), { code: 'EENVELOPE', responseCode: 550 });
    const logged = redactedError(err);
    expect(logged.message).not.toContain('jane.doe@example.com');
    expect(logged.message).toContain('[address]');
    expect(logged).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
  });
});
