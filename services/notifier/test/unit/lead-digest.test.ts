import { describe, expect, it } from 'vitest';
import { nextDigestTime } from '../../src/digest.ts';
import { leadDigestKey, leadDigestRef, leadDigestSchedule } from '../../src/lead-digest.ts';
import { leadDigestEmail, type LeadDigestItem } from '../../src/templates/leads.ts';

// The daily lead digest (docs/decisions.md, "Lead routing and the inbox"): when it goes, how it names the address,
// and what the one email a day says. Holding and sending against the real Redis, BullMQ and SMTP:
// gateway/test/integration/lead-digest.test.ts.

const appUrl = 'https://app.example';
const item = (over: Partial<LeadDigestItem>): LeadDigestItem => ({
  recipient: 'sales@hotel.example',
  leadId: '00000000-0000-4000-8000-000000000001',
  hotelId: 31,
  hotelName: 'Station Hotel',
  userId: '00000000-0000-4000-8000-0000000000aa',
  name: 'Tess Team',
  email: 'tess@example.com',
  message: null,
  checkInDate: '2026-12-10',
  checkOutDate: '2026-12-12',
  guests: 2,
  referralId: 'RR_31_1764000000000',
  receivedAt: '2026-12-01T09:00:00.000Z',
  ...over,
});

describe('the daily lead digest', () => {
  it('goes at the next 08:00 UTC strictly after now, every day', () => {
    const next = (at: string) => nextDigestTime(new Date(at), leadDigestSchedule).toISOString();
    expect(next('2026-12-02T12:00:00Z')).toBe('2026-12-03T08:00:00.000Z');
    expect(next('2026-12-02T07:59:59Z')).toBe('2026-12-02T08:00:00.000Z');
    expect(next('2026-12-02T08:00:00Z')).toBe('2026-12-03T08:00:00.000Z');
    expect(next('2026-12-31T23:30:00Z')).toBe('2027-01-01T08:00:00.000Z');
  });

  it('names the address in keys and job ids only by a one-way reference, the same whatever its case', () => {
    const ref = leadDigestRef('Sales@Hotel.example ');
    expect(ref).toMatch(/^[0-9a-f]{24}$/);
    expect(ref).toBe(leadDigestRef('sales@hotel.example'));
    expect(ref).not.toBe(leadDigestRef('desk@hotel.example'));
    expect(leadDigestKey(ref)).toBe(`lead-digest:${ref}`);
    expect(leadDigestKey(ref)).not.toContain('hotel.example');
  });

  it('lists every lead of the day by property, oldest first, with its contact, dates, guests, message and referral id', () => {
    const email = leadDigestEmail(
      [
        item({ leadId: '00000000-0000-4000-8000-000000000003', hotelId: 32, hotelName: 'Harbour Inn', name: null, email: 'no.name@example.com', guests: null, checkInDate: null, checkOutDate: null, referralId: null, receivedAt: '2026-12-01T11:00:00.000Z' }),
        item({ leadId: '00000000-0000-4000-8000-000000000002', message: 'Is the rack free at 6?\nThanks', receivedAt: '2026-12-01T10:00:00.000Z', name: 'Rory <b>Route</b>', email: 'rory@example.com' }),
        item({}),
      ],
      appUrl,
    );
    expect(email.to).toBe('sales@hotel.example');
    expect(email.replyTo).toBeUndefined();
    expect(email.subject).toBe('Your daily RepRoute leads: 3 new leads for 2 properties');
    expect(email.list).toBeUndefined();
    const station = email.text.indexOf('Station Hotel (2 leads)');
    const harbour = email.text.indexOf('Harbour Inn (1 lead)');
    expect(station).toBeGreaterThan(-1);
    expect(harbour).toBeGreaterThan(station);
    expect(email.text.indexOf('- Tess Team')).toBeLessThan(email.text.indexOf('- rory@example.com'));
    for (const fact of ['  Email: tess@example.com', '  Check-in: 10 December 2026', '  Guests: 2', '  Referral ID: RR_31_1764000000000', '  Their message: Is the rack free at 6?\n  Thanks', '- no.name@example.com']) expect(email.text).toContain(fact);
    expect(email.text).toContain('All your leads: https://app.example/provider/dashboard?tab=leads');
    expect(email.text).toContain('You received this email because this address receives the daily lead digest of Station Hotel, Harbour Inn on RepRoute');
    expect(email.html).toContain('<a href="mailto:tess@example.com">tess@example.com</a>');
    expect(email.html).not.toContain('<b>Route</b>');
  });

  it('says which property when all its leads are one\'s', () => {
    expect(leadDigestEmail([item({})], appUrl).subject).toBe('Your daily RepRoute leads: 1 new lead for Station Hotel');
  });
});
