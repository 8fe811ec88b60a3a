import { isPersonName, personNameMaxLength, type EventData } from '@reproute/contracts';
import { appLink, button, detailsTable, detailsText, formatDate, layout, paragraph, singleAddress, transactionalNote, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/builders.ts';

type Lead = EventData<'lead.created'>;

/**
 * What of a lead may speak to the hotel. Referral puts a name, an email and a message on a lead only
 * from a signed-in account whose address is verified, so a lead without one valid email is anonymous
 * here too (nothing typed by the traveller is shown); and a name is shown only under the name rule
 * (letters, spaces, hyphens and apostrophes: a first and a last name).
 */
export function leadContact(lead: Pick<Lead, 'name' | 'email' | 'message'>): { name: string | null; email: string | null; message: string | null } {
  const email = singleAddress(lead.email);
  if (!email) return { name: null, email: null, message: null };
  const name = lead.name?.trim() ?? '';
  const message = lead.message?.trim() ? lead.message : null;
  return { name: name && isPersonName(name, 2 * personNameMaxLength + 1) ? name : null, email, message };
}

/** Who the lead is, in words: their name, else their email, else "A traveller". */
export function leadWho(lead: Pick<Lead, 'name' | 'email'>): string {
  const contact = leadContact({ ...lead, message: null });
  return contact.name || contact.email || 'A traveller';
}

/**
 * The email a hotel receives for a lead (ruling 9): who is interested, in which hotel, their
 * contact details (a signed-in traveller's verified account; none otherwise), the dates and guests when
 * given, and the referral id the booking link carried. Replies go straight to a verified traveller.
 */
export function leadToHotel(event: Lead, appUrl: string): EmailMessage {
  const contact = leadContact(event);
  const lead = { ...event, ...contact };
  const who = leadWho(lead);
  const intro = `${who} is interested in staying at ${lead.hotelName} and was sent to your booking page from RepRoute.`;
  const referralId = lead.referralId?.trim() || null;
  const rows: [string, string | null][] = [
    ['Referral ID', referralId],
    ['Hotel', lead.hotelName],
    ['Name', lead.name],
    ['Email', lead.email],
    ['Check-in', formatDate(lead.checkInDate)],
    ['Check-out', formatDate(lead.checkOutDate)],
    ['Guests', lead.guests === null ? null : String(lead.guests)],
  ];
  const followUp = lead.email
    ? 'Reply to this email to contact them directly.'
    : 'This traveller did not share contact details with RepRoute (not signed in, or their email address is not verified yet); you may hear from them through your booking page.';
  const matching = referralId ? `The link to your booking page carried ref=${referralId}: use it to match this lead to a booking.` : null;
  const dashboard = appLink(appUrl, '/provider/dashboard?tab=leads');
  const message = lead.message;
  const why = transactionalNote(`a traveller chose to send their details to ${lead.hotelName}, and this is the listing's contact address on RepRoute`);
  return {
    to: lead.contactEmail ?? '',
    replyTo: lead.email ?? undefined,
    subject: `New lead for ${lead.hotelName}: ${who}`,
    text: [
      intro, '', detailsText(rows), ...(message ? ['', 'Their message:', message] : []), '', followUp, ...(matching ? ['', matching] : []),
      '', `All your leads: ${dashboard}`, '', 'RepRoute', '', why.text,
    ].join('\n'),
    html: layout(
      `New lead for ${lead.hotelName}`,
      `${paragraph(intro)}${detailsTable(rows)}${message ? `${paragraph('Their message:')}${paragraph(message)}` : ''}${paragraph(followUp)}${matching ? paragraph(matching) : ''}${button('See all your leads', dashboard)}${why.html}`,
    ),
  };
}

/**
 * A lead is emailed to the hotel only when it carries a verified traveller's contact (ruling 14): referral
 * makes no other lead, and an anonymous one from before that rule (still in Kafka) sends the hotel nothing.
 */
export const leadEmails: EmailBuilders = {
  'lead.created': (event, config) => {
    if (!leadContact(event.data).email) return [];
    const email = leadToHotel(event.data, config.appUrl);
    // A property's lead routing (docs/decisions.md, "Lead routing and the inbox"): one email to each of its addresses.
    const recipients = [...new Set(event.data.recipients ?? [])];
    if (recipients.length === 0) return [{ suffix: 'hotel', email }];
    return recipients.map((to, i) => ({ suffix: `hotel-${i}`, email: { ...email, to } }));
  },
};
