import { describe, expect, it } from 'vitest';
import { organisationInvitationSealContext, type Envelope, type EventType } from '@reproute/contracts';
import { emailsForEvent } from '../../src/domain/routing.ts';

const config = { supportEmail: 'support@reproute.example', appUrl: 'http://127.0.0.1:8080' };
const eventId = '66666666-6666-4666-8666-666666666666';
const envelope = <T extends EventType>(type: T, data: Envelope<T>['data']): Envelope => ({ id: eventId, type, version: 1, occurredAt: '2026-12-02T05:00:00.000Z', data }) as Envelope;

describe('organisation emails', () => {
  it('an invitation: the sealed token only in the link (opened as the email is sent), the roles, the expiry; the inviter only by a greetable first name', () => {
    const data = {
      invitationId: '77777777-7777-4777-8777-777777777777', organisationId: '88888888-8888-4888-8888-888888888888', organisationName: 'Station Hotels',
      email: 'milo@example.com', inviterFirstName: 'Olive<script>', roles: ['manager (every property)'], sealedToken: 'sealed-value', expiresAt: '2026-12-09T05:00:00.000Z',
    };
    const [job] = emailsForEvent(envelope('organisation.invitation-created', data), config);
    expect(job!.jobId).toBe(`${eventId}-invitation`);
    expect(job!.email).toMatchObject({ to: 'milo@example.com', subject: 'You are invited to join Station Hotels on RepRoute' });
    expect(job!.email.sealed).toEqual({ invitationToken: { value: 'sealed-value', context: organisationInvitationSealContext(data.invitationId, data.email) } });
    expect(job!.email.text).toContain('http://127.0.0.1:8080/provider/join?token={{sealed:invitationToken}}');
    expect(job!.email.text).toContain('Your role: manager (every property).');
    expect(job!.email.text).toContain('expires in 168 hours');
    expect(job!.email.text).not.toContain('script');
    expect(job!.email.text).toContain('You are invited to join Station Hotels');
  });

  it('a published review: one email to each responder, each with its own unsubscribe for that listing', () => {
    const recipients = [{ userId: '11111111-1111-4111-8111-111111111111', email: 'resp@hotel.example' }, { userId: '22222222-2222-4222-8222-222222222222', email: 'owner2@hotel.example' }];
    const jobs = emailsForEvent(
      envelope('organisation.review-published', { organisationId: '88888888-8888-4888-8888-888888888888', hotelId: 9, name: 'Station Hotel', slug: 'station-hotel', reviewId: '99999999-9999-4999-8999-999999999999', rating: 4, title: 'Good racks', recipients }),
      config,
    );
    expect(jobs.map((j) => [j.jobId, j.email.to, j.email.list])).toEqual([
      [`${eventId}-responder-0`, 'resp@hotel.example', { kind: 'listing-reviews', userId: recipients[0]!.userId, scope: '9' }],
      [`${eventId}-responder-1`, 'owner2@hotel.example', { kind: 'listing-reviews', userId: recipients[1]!.userId, scope: '9' }],
    ]);
    expect(jobs[0]!.email.subject).toBe('New review of Station Hotel: 4 out of 5');
    expect(jobs[0]!.email.text).toContain('Reviews inbox: http://127.0.0.1:8080/provider/dashboard?tab=reviews');
    expect(jobs[0]!.email.text).toContain('your team role answers reviews of Station Hotel');
  });
});
