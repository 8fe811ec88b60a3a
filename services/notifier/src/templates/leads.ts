import { isPersonName, personNameMaxLength, type EventData } from '@reproute/contracts';
import { appLink, button, detailsTable, detailsText, escapeHtml, formatDate, layout, paragraph, singleAddress, transactionalNote, type EmailMessage } from '../domain/email.ts';
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

/** One lead kept for an address's daily digest (what the notifier holds until 08:00 UTC): its contact as leadContact keeps it. */
export interface LeadDigestItem {
  recipient: string;
  leadId: string;
  hotelId: number;
  hotelName: string;
  userId: string | null;
  name: string | null;
  email: string | null;
  message: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  guests: number | null;
  referralId: string | null;
  receivedAt: string;
}

/**
 * The daily lead digest of one address: every lead its properties received since the last one, grouped by property
 * (oldest first), each with who, their email (a mailto link), the dates, guests, message and referral id. Leads the
 * hotel chose to receive this way, so transactional, as the single lead email is; a digest answers no one traveller,
 * so it has no Reply-To and each traveller's address is a link of its own.
 */
export function leadDigestEmail(items: readonly LeadDigestItem[], appUrl: string): EmailMessage {
  const ordered = [...items].sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.leadId.localeCompare(b.leadId));
  const byHotel = new Map<number, LeadDigestItem[]>();
  for (const item of ordered) byHotel.set(item.hotelId, [...(byHotel.get(item.hotelId) ?? []), item]);
  const count = ordered.length;
  const hotels = [...byHotel.values()].map((group) => group[0]!.hotelName);
  const where = hotels.length === 1 ? hotels[0]! : `${hotels.length} properties`;
  const intro = `${count} new ${count === 1 ? 'lead' : 'leads'} for ${where} since yesterday's digest: travellers RepRoute sent to your booking page, with the details they chose to share.`;
  const dashboard = appLink(appUrl, '/provider/dashboard?tab=leads');
  const rowsOf = (lead: LeadDigestItem): [string, string | null][] => [
    ['Email', lead.email],
    ['Check-in', formatDate(lead.checkInDate)],
    ['Check-out', formatDate(lead.checkOutDate)],
    ['Guests', lead.guests === null ? null : String(lead.guests)],
    ['Referral ID', lead.referralId],
  ];
  const textSections: string[] = [];
  const htmlSections: string[] = [];
  for (const group of byHotel.values()) {
    const hotelName = group[0]!.hotelName;
    textSections.push(
      [`${hotelName} (${group.length} ${group.length === 1 ? 'lead' : 'leads'})`, ...group.map((lead) => [`- ${leadWho(lead)}`, detailsText(rowsOf(lead)).replace(/^/gm, '  '), ...(lead.message ? [`  Their message: ${lead.message.replace(/\n/g, '\n  ')}`] : [])].join('\n'))].join('\n'),
    );
    htmlSections.push(
      `<h2 style="font-size:17px;margin:20px 0 8px">${escapeHtml(hotelName)}</h2>${group
        .map(
          (lead) =>
            `<div style="border-top:1px solid #e2e8f0;padding:10px 0 0;margin:0 0 10px"><p style="margin:0 0 6px;font-weight:bold">${escapeHtml(leadWho(lead))}${lead.email ? ` · <a href="mailto:${escapeHtml(lead.email)}">${escapeHtml(lead.email)}</a>` : ''}</p>${detailsTable(rowsOf(lead).slice(1))}${lead.message ? `${paragraph('Their message:')}${paragraph(lead.message)}` : ''}</div>`,
        )
        .join('')}`,
    );
  }
  const why = transactionalNote(`this address receives the daily lead digest of ${hotels.join(', ')} on RepRoute (set under Leads in the provider dashboard)`);
  return {
    to: ordered[0]!.recipient,
    subject: `Your daily RepRoute leads: ${count} new ${count === 1 ? 'lead' : 'leads'} for ${where}`,
    text: [intro, '', textSections.join('\n\n'), '', 'Write to a traveller at the address shown; the referral ID matches a lead to a booking.', '', `All your leads: ${dashboard}`, '', 'RepRoute', '', why.text].join('\n'),
    html: layout(
      `Your daily leads: ${count} new`,
      `${paragraph(intro)}${htmlSections.join('')}${paragraph('Write to a traveller at the address shown; the referral ID matches a lead to a booking.')}${button('See all your leads', dashboard)}${why.html}`,
    ),
  };
}
