import type { Envelope, EventType } from '@reproute/contracts';
import { singleAddress, type EmailMessage } from './email.ts';
import type { EmailBuilder, EmailBuilders, RoutingConfig } from './builders.ts';
import { contactEmails } from '../templates/contact.ts';
import { accountEmails } from '../templates/account.ts';
import { leadEmails } from '../templates/leads.ts';
import { reviewEmails } from '../templates/reviews.ts';
import { hotelEmails } from '../templates/hotels.ts';
import { savedSearchEmails } from '../templates/saved-searches.ts';
import { gymFactsEmails } from '../templates/gym-facts.ts';
import { webhookEmails } from '../templates/webhooks.ts';
import { organisationEmails } from '../templates/organisations.ts';

export type { EmailBuilder, EmailBuilders, RoutingConfig } from './builders.ts';

const accountIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every event type that sends email, and how. Template modules contribute their part. */
export const emailBuilders: EmailBuilders = {
  ...contactEmails,
  ...accountEmails,
  ...leadEmails,
  ...reviewEmails,
  ...hotelEmails,
  ...savedSearchEmails,
  ...organisationEmails,
  ...webhookEmails,
  ...gymFactsEmails,
};

/** Event types the notifier subscribes to. */
export const notifiedEventTypes = Object.keys(emailBuilders) as EventType[];

/**
 * The emails an event causes, each with a job id derived from the event id, so a repeated
 * event never queues a second copy. Events with no email answer an empty list.
 */
export function emailsForEvent(event: Envelope, config: RoutingConfig): { jobId: string; email: EmailMessage }[] {
  const build = emailBuilders[event.type] as EmailBuilder | undefined;
  if (!build) return [];
  // Every recipient and reply-to is one valid address: a list or a header break never reaches SMTP. An email one can
  // stop names the recipient's account (its links' token is for it): without one it has no unsubscribe, so it is not sent.
  return build(event, config)
    .filter(({ email }) => singleAddress(email.to))
    .filter(({ email }) => !email.list || accountIdPattern.test(email.list.userId))
    .map(({ suffix, email }) => {
      const { replyTo, ...rest } = email;
      const safeReplyTo = singleAddress(replyTo);
      return { jobId: `${event.id}-${suffix}`, email: safeReplyTo ? { ...rest, replyTo: safeReplyTo } : rest };
    });
}
