import type { EmailJob } from './email.ts';

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The address as a whole word of a text: not part of a longer address (`elena@…`, `…@example.com.au`). */
const wholeAddress = (address: string) => new RegExp(`(^|[^a-z0-9._%+-])${escapeRegExp(address)}($|[^a-z0-9._%+-]|\\.(?![a-z0-9]))`, 'i');

/**
 * Whether a queued email concerns an account being deleted: it goes to one of the account's addresses, answers
 * to it (a lead's or a contact message's Reply-To), or names it in its text (a lead's email to the hotel).
 */
export function emailConcerns(job: Pick<EmailJob, 'email'> | undefined, addresses: readonly string[]): boolean {
  if (!job?.email) return false;
  const wanted = addresses.map((a) => a.trim().toLowerCase()).filter((a) => a.length > 0);
  if (wanted.length === 0) return false;
  const { to, replyTo, text, html } = job.email;
  if (wanted.includes(to.trim().toLowerCase()) || (replyTo !== undefined && wanted.includes(replyTo.trim().toLowerCase()))) return true;
  const body = `${text}\n${html}`;
  return wanted.some((address) => wholeAddress(address).test(body));
}
