import { z } from 'zod';
import type { EmailKind } from '@reproute/contracts';

/** One email to send: what the worker hands to SMTP. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Secrets the email carries sealed (placeholder name → sealed value and its context): text and
   * html hold `sealedPlaceholder(name)`, filled only as the email goes to SMTP, so queued job data
   * never holds them readable.
   */
  sealed?: Record<string, { value: string; context: string }>;
  /**
   * Set on every email that is not a direct answer to the recipient's own action (ruling 18): its kind, the
   * recipient's account and what it is about (a listing's or saved search's id, or null). As it is sent, the
   * worker checks the account's preferences (an opted-out email is not sent) and adds the one-click unsubscribe
   * headers and a footer with the unsubscribe and preferences links (domain/list-mail.ts). `to` must be the
   * account's address: the links' token is bound to it.
   */
  list?: ListEmail;
}

/** What makes an email one a person can stop: its kind, the recipient's account and its scope. */
export interface ListEmail {
  kind: EmailKind;
  userId: string;
  scope?: string | null;
}

/** Where layout() leaves room for the footer of a list email (filled, or removed, as the email is sent). */
export const listFooterMarker = '<!--reproute:list-footer-->';

export const sealedPlaceholder = (name: string) => `{{sealed:${name}}}`;

/** The email as sent: every sealed value opened into its placeholders (throws if one cannot be opened). */
export function openSealedEmail(email: EmailMessage, open: (value: string, context: string) => string): EmailMessage {
  const { sealed, ...message } = email;
  if (!sealed) return message;
  let { text, html } = message;
  for (const [name, { value, context }] of Object.entries(sealed)) {
    const secret = open(value, context);
    text = text.replaceAll(sealedPlaceholder(name), secret);
    html = html.replaceAll(sealedPlaceholder(name), escapeHtml(secret));
  }
  return { ...message, text, html };
}

/** Job data in the email queue (the trace context travels in the job's options, through bullmq-otel). */
export interface EmailJob {
  email: EmailMessage;
  eventId: string;
  eventType: string;
}

/** The address itself when the value is exactly one valid email address (no list, no name, no line break), else null. */
export function singleAddress(value: string | null | undefined): string | null {
  const address = value?.trim() ?? '';
  return address.length <= 254 && z.email().safeParse(address).success ? address : null;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value put into an email's HTML passes through here: user text is never markup. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/**
 * The product's colours in email, each at least 4.5:1 against its background (WCAG AA for body text):
 * text #1c1917, quiet text #57534e, white on the #c2410c button and the #1d4ed8 header.
 */
const colours = { text: '#1c1917', quiet: '#57534e', rule: '#e7e5e4', page: '#f5f5f4', button: '#c2410c', header: '#1d4ed8' } as const;

/**
 * Wraps a body in the product's email layout. `bodyHtml` must already be escaped. The card is fluid
 * (full width on a phone, at most 600 px elsewhere) rather than a fixed 600 px table.
 */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${colours.page};font-family:Arial,Helvetica,sans-serif;color:${colours.text};-webkit-text-size-adjust:100%">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#fff;border-radius:12px;overflow:hidden">
<tr><td style="background:${colours.header};background-image:linear-gradient(90deg,${colours.button},${colours.header});padding:18px 20px;color:#fff;font-size:20px;font-weight:bold">RepRoute</td></tr>
<tr><td style="padding:20px;font-size:16px;line-height:1.5;overflow-wrap:anywhere;word-break:break-word"><h1 style="font-size:20px;line-height:1.3;margin:0 0 16px;color:${colours.text}">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
<tr><td style="padding:16px 20px;font-size:13px;color:${colours.quiet};border-top:1px solid ${colours.rule}">${listFooterMarker}RepRoute — hotels with gyms worth travelling for.</td></tr>
</table></td></tr></table></body></html>`;
}

/** The quiet colour of footers, for list-mail.ts. */
export const quietColour = colours.quiet;

/**
 * Why a transactional email (one that cannot be turned off) was sent, as its last paragraph: "You received this
 * email because …". `reason` completes the sentence.
 */
export function transactionalNote(reason: string): { text: string; html: string } {
  const line = `You received this email because ${reason}. It answers that, so it has no unsubscribe link.`;
  return { text: line, html: `<p style="line-height:1.5;margin:16px 0 0;font-size:13px;color:${colours.quiet}">${escapeHtml(line)}</p>` };
}

export const paragraph = (text: string) => `<p style="line-height:1.5;margin:0 0 12px;white-space:pre-line">${escapeHtml(text)}</p>`;
export const button = (label: string, href: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:${colours.button};color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
/** Label and value pairs; long values wrap, so the table fits a phone screen. */
export const detailsTable = (rows: [string, string | null | undefined][]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="width:100%;border-collapse:collapse;margin:0 0 12px">${rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(
      ([k, v]) =>
        `<tr><td style="padding:6px 12px 6px 0;color:${colours.quiet};vertical-align:top;white-space:nowrap">${escapeHtml(k)}</td><td style="padding:6px 0;color:${colours.text};overflow-wrap:anywhere;word-break:break-word"><strong>${escapeHtml(v)}</strong></td></tr>`,
    )
    .join('')}</table>`;
export const detailsText = (rows: [string, string | null | undefined][]) =>
  rows.filter(([, v]) => v !== null && v !== undefined && v !== '').map(([k, v]) => `${k}: ${v}`).join('\n');

/** A calendar date (YYYY-MM-DD, or a full ISO time) as people read it, e.g. "1 December 2026"; anything else is kept as given. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(match[3])) return value;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Joins an absolute link from the product's public address and a path. */
export function appLink(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/+$/, '')}${path}`;
}
