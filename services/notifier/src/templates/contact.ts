import type { EventData } from '@reproute/contracts';
import { detailsTable, detailsText, layout, paragraph, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/routing.ts';

/** The support team's copy of a contact message, with a reply-to of the sender. */
export function contactToSupport(data: EventData<'contact.received'>, supportEmail: string): EmailMessage {
  const rows: [string, string | null][] = [
    ['From', `${data.name} <${data.email}>`],
    ['Inquiry type', data.inquiryType],
    ['Subject', data.subject],
  ];
  return {
    to: supportEmail,
    replyTo: data.email,
    subject: `[Contact · ${data.inquiryType}] ${data.subject ?? `Message from ${data.name}`}`,
    text: `${detailsText(rows)}\n\n${data.message}\n`,
    html: layout('New contact message', `${detailsTable(rows)}${paragraph(data.message)}`),
  };
}

/** The acknowledgement the sender receives. */
export function contactAcknowledgement(data: EventData<'contact.received'>): EmailMessage {
  const intro = `Hi ${data.name}, thank you for contacting us! We'll get back to you within 24 hours.`;
  return {
    to: data.email,
    subject: 'We received your message',
    text: `${intro}\n\nYour message:\n${data.message}\n\nRepRoute support`,
    html: layout('We received your message', `${paragraph(intro)}${paragraph('Your message:')}${paragraph(data.message)}`),
  };
}

export const contactEmails: EmailBuilders = {
  'contact.received': (event, config) => [
    { suffix: 'support', email: contactToSupport(event.data, config.supportEmail) },
    { suffix: 'ack', email: contactAcknowledgement(event.data) },
  ],
};
