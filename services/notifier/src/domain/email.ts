import { z } from 'zod';

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
}

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

/** Job data in the email queue: the message plus the trace context of the event that caused it. */
export interface EmailJob {
  email: EmailMessage;
  eventId: string;
  eventType: string;
  trace: Record<string, string>;
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

/** Wraps a body in the product's email layout. `bodyHtml` must already be escaped. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;overflow:hidden">
<tr><td style="background:linear-gradient(90deg,#f97316,#2563eb);padding:20px 28px;color:#fff;font-size:20px;font-weight:bold">RepRoute</td></tr>
<tr><td style="padding:28px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr>
<tr><td style="padding:16px 28px;font-size:12px;color:#78716c;border-top:1px solid #e7e5e4">RepRoute — hotels with gyms worth travelling for.</td></tr>
</table></td></tr></table></body></html>`;
}

export const paragraph = (text: string) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(text)}</p>`;
export const button = (label: string, href: string) =>
  `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="background:#f97316;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
export const detailsTable = (rows: [string, string | null | undefined][]) =>
  `<table role="presentation" cellpadding="6" style="border-collapse:collapse;margin:0 0 12px">${rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `<tr><td style="color:#78716c">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`)
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
