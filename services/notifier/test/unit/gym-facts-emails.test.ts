import { describe, expect, it } from 'vitest';
import type { Envelope, EventData, EventType } from '@reproute/contracts';
import { emailsForEvent } from '../../src/domain/routing.ts';

// Gym facts emails (docs/decisions.md, "Gym facts that say how old they are"): a traveller's report of a change and
// the reminder of stale facts go to the listing's provider, each a list email stoppable per listing; a report of a
// hotel without a provider emails nobody (it waits in the admin queue); confirmations and answers email nobody.

const config = { supportEmail: 'support@reproute.example', appUrl: 'https://app.example/' };
const providerId = '00000000-0000-4000-8000-0000000000bb';
const envelope = <T extends EventType>(type: T, data: EventData<T>): Envelope<T> => ({ id: '66666666-6666-4666-8666-666666666666', type, version: 1, occurredAt: '2026-12-01T10:00:00.000Z', data });
const report: EventData<'hotel.gym-report-opened'> = {
  reportId: '77777777-7777-4777-8777-777777777777',
  hotelId: 42,
  name: 'Iron Lofts',
  slug: 'iron-lofts',
  providerId,
  providerEmail: 'owner@hotel.example',
  kind: 'equipment',
  detail: 'Cable station <b>out</b> of order',
  reportedAt: '2026-11-02T09:00:00.000Z',
};

describe('gym facts emails', () => {
  it('emails a report to the provider with what was reported and the link to answer it', () => {
    const [sent, ...more] = emailsForEvent(envelope('hotel.gym-report-opened', report), config);
    expect(more).toEqual([]);
    expect(sent!.jobId).toBe('66666666-6666-4666-8666-666666666666-provider');
    expect(sent!.email).toMatchObject({ to: 'owner@hotel.example', subject: 'A traveller reported a change to the gym of Iron Lofts', list: { kind: 'listing-gym-facts', userId: providerId, scope: '42' } });
    for (const fact of ['Report: An item is missing or broken', 'What the traveller says: Cable station <b>out</b> of order', 'Reported: 2 November 2026', 'https://app.example/edit-hotel/42#gym-facts']) expect(sent!.email.text).toContain(fact);
    // The traveller's words are escaped in the HTML.
    expect(sent!.email.html).toContain('Cable station &lt;b&gt;out&lt;/b&gt; of order');
    expect(sent!.email.html).not.toContain('<b>out</b>');
  });

  it('emails nobody for a hotel without a provider', () => {
    expect(emailsForEvent(envelope('hotel.gym-report-opened', { ...report, providerId: null, providerEmail: null }), config)).toEqual([]);
  });

  it('reminds the provider of stale facts with the one-step confirmation link', () => {
    const stale: EventData<'hotel.gym-facts-stale'> = { hotelId: 42, name: 'Iron Lofts', slug: 'iron-lofts', providerId, providerEmail: 'owner@hotel.example', confirmedAt: '2026-08-01T00:00:00.000Z', staleDays: 90, openReports: 2 };
    const [sent] = emailsForEvent(envelope('hotel.gym-facts-stale', stale), config);
    expect(sent!.email).toMatchObject({ to: 'owner@hotel.example', subject: 'Are the gym facts of Iron Lofts still right?', list: { kind: 'listing-gym-facts', userId: providerId, scope: '42' } });
    expect(sent!.email.text).toContain('last confirmed on 1 August 2026, more than 90 days ago');
    expect(sent!.email.text).toContain('Travellers have reported 2 changes you have not answered yet');
    expect(sent!.email.text).toContain('Confirm or edit the gym facts: https://app.example/edit-hotel/42?confirm=gym-facts#gym-facts');
  });

  it('sends nothing for a confirmation or an answer to a report', () => {
    expect(emailsForEvent(envelope('hotel.gym-facts-confirmed', { hotelId: 42, by: 'traveller', confirmedAt: '2026-12-01T10:00:00.000Z' }), config)).toEqual([]);
    expect(emailsForEvent(envelope('hotel.gym-report-resolved', { reportId: report.reportId, hotelId: 42, name: 'Iron Lofts', slug: 'iron-lofts', kind: 'equipment', resolution: 'disputed', note: 'Fixed', resolvedBy: 'hotel' }), config)).toEqual([]);
  });
});
