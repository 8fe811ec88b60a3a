import { describe, expect, it } from 'vitest';
import type { EventData } from '@reproute/contracts';
import { escapeHtml, formatDate } from '../../src/domain/email.ts';
import { leadToHotel, leadWho } from '../../src/templates/leads.ts';
import { reviewApprovedEmail, reviewRejectedEmail, reviewRepliedEmail } from '../../src/templates/reviews.ts';
import { hotelApprovedEmail, hotelRejectedEmail } from '../../src/templates/hotels.ts';
import { contactAcknowledgement, contactToSupport } from '../../src/templates/contact.ts';

const config = { supportEmail: 'support@reproute.example', appUrl: 'http://app.example/' };
const evil = '<script>alert("x")</script>';

const lead: EventData<'lead.created'> = {
  leadId: '11111111-1111-4111-8111-111111111111',
  hotelId: 7,
  hotelName: 'The Iron Palace & Spa',
  contactEmail: 'frontdesk@ironpalace.example',
  userId: null,
  name: "Jane O'Lifter",
  email: 'jane@example.com',
  message: `Do you have a deadlift platform? ${evil}`,
  checkInDate: '2026-12-01',
  checkOutDate: '2026-12-04',
  guests: 2,
  referralId: 'RR_7_1764000000000',
};

const review: EventData<'review.approved'> = {
  reviewId: '22222222-2222-4222-8222-222222222222',
  hotelId: 3,
  hotelName: 'Gym & Tonic Hotel',
  userId: '00000000-0000-4000-8000-000000000003',
  reviewerEmail: 'reviewer@example.com',
  reviewerFirstName: 'Rhea',
  rating: 5,
  gymRating: 4,
  title: `Great racks ${evil}`,
};

const hotel: EventData<'hotel.approved'> = {
  hotelId: 42,
  name: 'Squat <Rack> Inn',
  slug: 'squat-rack-inn',
  city: 'London',
  country: 'United Kingdom',
  providerId: '00000000-0000-4000-8000-000000000002',
  providerEmail: 'provider@reproute.example',
  contactEmail: 'desk@squatrack.example',
  bookingUrl: 'https://squatrack.example/book',
  isApproved: true,
};

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** HTML must carry no markup from event data: no raw tags from the values, only their escaped forms. */
function expectEscaped(html: string, ...values: string[]) {
  for (const value of values) {
    expect(html).not.toContain(value);
    expect(html).toContain(escapeHtml(value));
  }
  expect(html).not.toMatch(/<script/i);
}

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters and stringifies nullish values as empty', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });
});

describe('formatDate', () => {
  it('writes calendar dates out and keeps anything else as given', () => {
    expect(formatDate('2026-12-01')).toBe('1 December 2026');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('next week')).toBe('next week');
    expect(formatDate(null)).toBeNull();
  });
});

describe('lead email', () => {
  it('goes to the hotel contact address, replies to the traveller, and names who, where, when and how many', () => {
    const email = leadToHotel(lead, config.appUrl);
    expect(email.to).toBe('frontdesk@ironpalace.example');
    expect(email.replyTo).toBe('jane@example.com');
    expect(email.subject).toBe("New lead for The Iron Palace & Spa: Jane O'Lifter");
    for (const fact of ['The Iron Palace & Spa', "Jane O'Lifter", 'jane@example.com', '1 December 2026', '4 December 2026', 'Guests: 2', 'deadlift platform']) {
      expect(email.text).toContain(fact);
    }
    expect(email.text).toContain('http://app.example/provider/dashboard?tab=leads');
  });

  it('carries the booking link\'s referral id so the hotel can match the lead to a booking', () => {
    const email = leadToHotel(lead, config.appUrl);
    expect(email.text).toContain('Referral ID: RR_7_1764000000000');
    expect(email.text).toContain('ref=RR_7_1764000000000');
    expect(email.html).toContain('RR_7_1764000000000');
    const older = leadToHotel({ ...lead, referralId: undefined }, config.appUrl);
    expect(older.text).not.toContain('Referral ID');
  });

  it('reads on a phone: a fluid card of at most 600 px (no fixed-width table), a viewport, and AA contrast for every colour pair', () => {
    const { html } = leadToHotel(lead, config.appUrl);
    expect(html).not.toMatch(/width="600"|(?<![-\w])width:\s*600px/);
    expect(html).toContain('max-width:600px');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // Text colours are read on white (card) and white text on the button and header colours.
    const textColours = [...html.matchAll(/(?<![-\w])color:(#[0-9a-f]{6})/gi)].map((m) => m[1]!).filter((c) => c.toLowerCase() !== '#fff' && c.toLowerCase() !== '#ffffff');
    const fillColours = [...html.matchAll(/background(?:-color)?:(#[0-9a-f]{6})/gi)].map((m) => m[1]!).filter((c) => c.toLowerCase() !== '#f5f5f4');
    expect(textColours.length).toBeGreaterThan(0);
    expect(fillColours.length).toBeGreaterThan(0);
    for (const colour of textColours) expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
    for (const colour of fillColours) expect(contrast('#ffffff', colour), colour).toBeGreaterThanOrEqual(4.5);
    // The traveller's line breaks stay line breaks.
    expect(leadToHotel({ ...lead, message: 'line one\nline two' }, config.appUrl).html).toContain('white-space:pre-line">line one\nline two');
  });

  it('escapes every traveller-provided value in the HTML', () => {
    const email = leadToHotel(lead, config.appUrl);
    expectEscaped(email.html, "Jane O'Lifter", evil, 'The Iron Palace & Spa');
    expect(email.html).toContain('1 December 2026');
  });

  it('leaves out what was not given and says so for an anonymous (visitor) lead, with no reply-to', () => {
    const email = leadToHotel({ ...lead, name: null, email: null, message: null, checkInDate: null, checkOutDate: null, guests: null }, config.appUrl);
    expect(email.replyTo).toBeUndefined();
    expect(email.subject).toBe('New lead for The Iron Palace & Spa: A traveller');
    expect(email.text).not.toMatch(/Check-in|Check-out|Guests|Their message/);
    expect(email.text).toContain('did not share contact details with RepRoute');
  });

  it('shows nothing a traveller typed on a lead without a verified contact: no name, no message, no reply-to', () => {
    // Referral never sends these for an unverified account; an event that carries them anyway is shown as anonymous.
    const email = leadToHotel({ ...lead, email: null, name: 'Your account is locked visit evil example', message: 'Call +1 555 0100 now' }, config.appUrl);
    expect(email.replyTo).toBeUndefined();
    expect(email.subject).toBe('New lead for The Iron Palace & Spa: A traveller');
    for (const typed of ['locked', 'evil', 'Call +1', 'Their message']) {
      expect(email.text).not.toContain(typed);
      expect(email.html).not.toContain(typed);
    }
  });

  it('shows a verified traveller\'s name only under the name rule, else their email', () => {
    const email = leadToHotel({ ...lead, name: 'Visit https://evil.example now' }, config.appUrl);
    expect(email.subject).toBe('New lead for The Iron Palace & Spa: jane@example.com');
    expect(email.text).not.toContain('evil.example');
    expect(email.html).not.toContain('evil.example');
    expect(leadToHotel({ ...lead, name: 'Ana María Núñez-García' }, config.appUrl).text).toContain('Name: Ana María Núñez-García');
  });

  it('describes the traveller by name, else email, else generically', () => {
    expect(leadWho({ name: ' Ann ', email: 'a@x.io' })).toBe('Ann');
    expect(leadWho({ name: '  ', email: 'a@x.io' })).toBe('a@x.io');
    expect(leadWho({ name: '<b>Ann</b>', email: 'a@x.io' })).toBe('a@x.io');
    expect(leadWho({ name: 'Ann', email: null })).toBe('A traveller');
    expect(leadWho({ name: null, email: null })).toBe('A traveller');
  });
});

describe('review emails', () => {
  it('tells the reviewer their review is live, with the hotel and a link to it', () => {
    const email = reviewApprovedEmail(review, config.appUrl);
    expect(email.to).toBe('reviewer@example.com');
    expect(email.subject).toBe('Your review of Gym & Tonic Hotel is live');
    expect(email.text).toContain('Hi Rhea,');
    expect(email.text).toContain('has been approved');
    expect(email.text).toContain('http://app.example/hotel/3');
    expectEscaped(email.html, review.title!, 'Gym & Tonic Hotel');
  });

  it('declines politely, replying to support, and invites a new review', () => {
    const email = reviewRejectedEmail({ ...review, reviewerFirstName: null }, config);
    expect(email.to).toBe('reviewer@example.com');
    expect(email.replyTo).toBe('support@reproute.example');
    expect(email.subject).toBe('About your review of Gym & Tonic Hotel');
    expect(email.text).toContain('Hi there,');
    expect(email.text).toContain('Thank you for taking the time');
    expect(email.text).toContain('will not be published');
    expect(email.text).toContain('http://app.example/write-review/3');
    expectEscaped(email.html, review.title!);
    expect(email.text).not.toContain('reason');
  });

  it("gives the moderator's reason, escaped, when there is one", () => {
    const email = reviewRejectedEmail({ ...review, reason: `Not about the gym ${evil}` }, config);
    expect(email.text).toContain(`The reason our moderator gave: Not about the gym ${evil}`);
    expectEscaped(email.html, `Not about the gym ${evil}`);
  });
});

describe('review reply email', () => {
  it('tells the reviewer the hotel answered and links to the reply, without carrying the hotel\'s text', () => {
    const email = reviewRepliedEmail({ ...review, replyText: `Thanks! Your account is locked, visit evil.example ${evil}` }, config.appUrl);
    expect(email.to).toBe('reviewer@example.com');
    expect(email.subject).toBe('Gym & Tonic Hotel replied to your review');
    expect(email.text).toContain('Gym & Tonic Hotel has responded to');
    expect(email.text).toContain('http://app.example/hotel/3');
    for (const typed of ['Thanks!', 'locked', 'evil.example']) {
      expect(email.text).not.toContain(typed);
      expect(email.html).not.toContain(typed);
    }
    expect(email.html).not.toContain('<script>');
  });
});

describe('listing emails', () => {
  it('tells the provider their listing is approved, with a link to it', () => {
    const email = hotelApprovedEmail(hotel, config.appUrl);
    expect(email.to).toBe('provider@reproute.example');
    expect(email.subject).toBe('Your listing Squat <Rack> Inn is approved');
    expect(email.text).toContain('http://app.example/hotels/squat-rack-inn');
    expectEscaped(email.html, 'Squat <Rack> Inn');
  });

  it('tells the provider their listing was not approved, with the reason when given', () => {
    const withReason = hotelRejectedEmail({ ...hotel, isApproved: false, reason: 'Gym photos <missing>' }, config);
    expect(withReason.to).toBe('provider@reproute.example');
    expect(withReason.replyTo).toBe('support@reproute.example');
    expect(withReason.text).toContain('Reason given by our team: Gym photos <missing>');
    expect(withReason.text).toContain('http://app.example/edit-hotel/42');
    expectEscaped(withReason.html, 'Gym photos <missing>', 'Squat <Rack> Inn');
    const withoutReason = hotelRejectedEmail({ ...hotel, isApproved: false, reason: null }, config);
    expect(withoutReason.text).not.toContain('Reason given');
  });
});

describe('contact emails', () => {
  const contact: EventData<'contact.received'> = {
    messageId: '33333333-3333-4333-8333-333333333333',
    name: 'Sam <i>',
    email: 'sam@example.com',
    subject: 'Partnership',
    message: `Hello ${evil}`,
    inquiryType: 'partnership',
  };

  it('sends support the message with a reply-to of the sender, escaped', () => {
    const email = contactToSupport(contact, config.supportEmail);
    expect(email.to).toBe('support@reproute.example');
    expect(email.replyTo).toBe('sam@example.com');
    expect(email.subject).toBe('[Contact · partnership] Partnership');
    expect(email.text).toContain(`Hello ${evil}`);
    expectEscaped(email.html, evil, 'Sam <i>');
  });

  it('acknowledges the sender with fixed text only: neither the message nor the name is echoed', () => {
    const email = contactAcknowledgement(contact);
    expect(email.to).toBe('sam@example.com');
    expect(email.replyTo).toBeUndefined();
    expect(email.subject).toBe('We received your message');
    expect(email.text).toContain("We'll get back to you within 24 hours.");
    for (const part of [email.text, email.html]) {
      expect(part).not.toContain('Hello');
      expect(part).not.toContain('Sam');
      expect(part).not.toContain('script');
    }
  });

  it('sends neither the acknowledgement nor a reply-to to anything but one valid address', () => {
    for (const bad of ['a@example.com, b@example.com', 'a@example.com\r\nBcc: hidden@example.com', 'Sam <sam@example.com>', 'a@example.com;b@example.com', '']) {
      expect(contactAcknowledgement({ ...contact, email: bad }).to).toBe('');
      expect(contactToSupport({ ...contact, email: bad }, config.supportEmail).replyTo).toBeUndefined();
    }
  });
});
