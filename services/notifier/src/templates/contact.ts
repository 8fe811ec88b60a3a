import type { EventData } from '@reproute/contracts';
import { detailsTable, detailsText, layout, paragraph, singleAddress, transactionalNote, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/builders.ts';

/**
 * The support team's copy of a contact message. Replies go to the sender only when the sender
 * gave exactly one valid address (events from before that check could carry a list).
 */
export function contactToSupport(data: EventData<'contact.received'>, supportEmail: string): EmailMessage {
  const rows: [string, string | null][] = [
    ['From', `${data.name} <${data.email}>`],
    ['Inquiry type', data.inquiryType],
    ['Subject', data.subject],
  ];
  return {
    to: supportEmail,
    replyTo: singleAddress(data.email) ?? undefined,
    subject: `[Contact · ${data.inquiryType}] ${data.subject ?? `Message from ${data.name}`}`,
    text: `${detailsText(rows)}\n\n${data.message}\n`,
    html: layout('New contact message', `${detailsTable(rows)}${paragraph(data.message)}`),
  };
}

/**
 * The acknowledgement the sender receives: fixed text only, to the one address given. It never
 * repeats what the sender wrote (name or message), so the form cannot send chosen text to others.
 */
export function contactAcknowledgement(data: EventData<'contact.received'>): EmailMessage {
  const intro = "Hi, thank you for contacting us! We'll get back to you within 24 hours.";
  const notYou = "If you did not write to RepRoute, someone may have entered your address by mistake; you can ignore this email.";
  const why = transactionalNote('this address was given on RepRoute\'s contact form');
  return {
    to: singleAddress(data.email) ?? '',
    subject: 'We received your message',
    text: `${intro}\n\n${notYou}\n\nRepRoute support\n\n${why.text}`,
    html: layout('We received your message', `${paragraph(intro)}${paragraph(notYou)}${why.html}`),
  };
}

export const contactEmails: EmailBuilders = {
  'contact.received': (event, config) => [
    { suffix: 'support', email: contactToSupport(event.data, config.supportEmail) },
    { suffix: 'ack', email: contactAcknowledgement(event.data) },
  ],
};
