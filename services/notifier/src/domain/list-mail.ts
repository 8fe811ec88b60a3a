import { emailKindInfo } from '@reproute/contracts';
import { emailLinkUrls, listUnsubscribeHeaders, signEmailLinkToken } from '@reproute/platform/email-links';
import { escapeHtml, listFooterMarker, quietColour, type EmailMessage, type ListEmail } from './email.ts';

/** An email as it goes to SMTP: its message and the headers it carries beyond the usual ones. */
export interface OutgoingEmail {
  email: EmailMessage;
  headers: Record<string, string>;
}

/**
 * A list email's last step before SMTP (ruling 18; RFC 2369 and RFC 8058): a token for its kind, account, address
 * and scope, the `List-Unsubscribe` (the one-click HTTPS address on the site) and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` headers, and a footer in the text and the HTML saying why it was sent, with a link to
 * unsubscribe (a page that confirms with one button: opening it changes nothing, as mail scanners open links) and
 * one to the email preferences. Made as the email is sent, so queued job data never holds the token.
 */
export function withUnsubscribe(email: EmailMessage, list: ListEmail, options: { key: Buffer; appUrl: string; now?: Date }): OutgoingEmail {
  const token = signEmailLinkToken(options.key, { userId: list.userId, address: email.to, kind: list.kind, scope: list.scope ?? null }, options.now);
  const links = emailLinkUrls(options.appUrl, token);
  const because = `You received this email because ${emailKindInfo[list.kind].because}.`;
  const text = `${email.text.replace(/\s+$/, '')}\n\n--\n${because}\nUnsubscribe from these emails: ${links.confirm}\nEmail preferences: ${links.preferences}\n`;
  const footer =
    `<p style="margin:0 0 8px;color:${quietColour}">${escapeHtml(because)}</p>` +
    `<p style="margin:0 0 12px"><a href="${escapeHtml(links.confirm)}" style="color:${quietColour};text-decoration:underline">Unsubscribe from these emails</a>` +
    ` · <a href="${escapeHtml(links.preferences)}" style="color:${quietColour};text-decoration:underline">Email preferences</a></p>`;
  const html = email.html.includes(listFooterMarker) ? email.html.replace(listFooterMarker, footer) : `${email.html}${footer}`;
  const { list: _list, ...message } = email;
  return { email: { ...message, text, html }, headers: listUnsubscribeHeaders(options.appUrl, token) };
}

/**
 * RFC 8058 one-click needs an https List-Unsubscribe address: mail clients offer it for no other. Locally the site is
 * plain http (MailDev shows the headers all the same); in production a non-https PUBLIC_APP_URL is worth a warning.
 */
export function oneClickAddressProblem(appUrl: string, nodeEnv: string): string | null {
  if (nodeEnv !== 'production' || appUrl.startsWith('https://')) return null;
  return 'PUBLIC_APP_URL is not https: mail clients will not offer one-click unsubscribe (RFC 8058) for its List-Unsubscribe address';
}

/** An email without a list: as it is, the footer marker removed. */
export function withoutUnsubscribe(email: EmailMessage): OutgoingEmail {
  return { email: { ...email, html: email.html.replaceAll(listFooterMarker, '') }, headers: {} };
}
