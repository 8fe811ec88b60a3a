import type { EventData } from '@reproute/contracts';
import { appLink, button, layout, paragraph, transactionalNote, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders, RoutingConfig } from '../domain/builders.ts';

/** Tells the provider their listing is approved and public (ruling 5). */
export function hotelApprovedEmail(hotel: EventData<'hotel.approved'>, appUrl: string): EmailMessage {
  const link = appLink(appUrl, `/hotels/${encodeURIComponent(hotel.slug)}`);
  const lines = [
    `Good news: your listing ${hotel.name} has been approved and is now visible to travellers on RepRoute.`,
    'Leads from travellers who choose your hotel will be emailed to your listing\'s contact address, and you can follow them in your provider dashboard.',
  ];
  return {
    to: hotel.providerEmail ?? '',
    list: { kind: 'listing-status', userId: hotel.providerId ?? '', scope: String(hotel.hotelId) },
    subject: `Your listing ${hotel.name} is approved`,
    text: `${lines.join('\n\n')}\n\nSee your listing: ${link}\nProvider dashboard: ${appLink(appUrl, '/provider/dashboard')}\n\nRepRoute`,
    html: layout('Your listing is approved', `${lines.map(paragraph).join('')}${button('See your listing', link)}`),
  };
}

/** Tells the provider their listing was not approved, with the reason when the admin gave one. */
export function hotelRejectedEmail(hotel: EventData<'hotel.rejected'>, config: RoutingConfig): EmailMessage {
  const link = appLink(config.appUrl, `/edit-hotel/${hotel.hotelId}`);
  const reason = hotel.reason?.trim() || null;
  const lines = [
    `Thank you for listing ${hotel.name} on RepRoute. After review, we could not approve it yet.`,
    ...(reason ? [`Reason given by our team: ${reason}`] : []),
    'You can update the listing and it will be reviewed again. If you have questions, reply to this email.',
  ];
  return {
    to: hotel.providerEmail ?? '',
    replyTo: config.supportEmail,
    list: { kind: 'listing-status', userId: hotel.providerId ?? '', scope: String(hotel.hotelId) },
    subject: `Your listing ${hotel.name} was not approved`,
    text: `${lines.join('\n\n')}\n\nEdit your listing: ${link}\n\nRepRoute`,
    html: layout('Your listing was not approved', `${lines.map(paragraph).join('')}${button('Edit your listing', link)}`),
  };
}

/**
 * The acknowledgement of a listing sent for review (a new one, or a rejected one sent again): an answer to the
 * provider's own action, so it cannot be turned off and says why it was sent.
 */
export function hotelSubmittedEmail(hotel: EventData<'hotel.submitted'>, appUrl: string): EmailMessage {
  const link = appLink(appUrl, `/edit-hotel/${hotel.hotelId}`);
  const lines = [
    `Thank you: we received your listing ${hotel.name} and our team will review it, usually within 2-3 business days.`,
    'Travellers cannot see it until it is approved. We will email you when it is approved, or tell you what to change if it cannot be approved yet.',
    'You can still edit it while it waits.',
  ];
  const why = transactionalNote('you sent this listing to RepRoute for review');
  return {
    to: hotel.providerEmail ?? '',
    subject: `We received your listing ${hotel.name}`,
    text: `${lines.join('\n\n')}\n\nSee or edit your listing: ${link}\n\nRepRoute\n\n${why.text}\n`,
    html: layout('We received your listing', `${lines.map(paragraph).join('')}${button('See your listing', link)}${why.html}`),
  };
}

const listOfChanges = (changes: readonly string[]) => (changes.length > 0 ? changes.join(', ') : 'details');

/** Tells the provider their change to a live listing is approved and live. */
export function revisionApprovedEmail(hotel: EventData<'hotel.revision-approved'>, appUrl: string): EmailMessage {
  const link = appLink(appUrl, `/hotels/${encodeURIComponent(hotel.slug)}`);
  const lines = [
    `Good news: the changes you proposed to ${hotel.name} (${listOfChanges(hotel.changes)}) have been approved and travellers see them now.`,
  ];
  return {
    to: hotel.providerEmail ?? '',
    list: { kind: 'listing-status', userId: hotel.providerId ?? '', scope: String(hotel.hotelId) },
    subject: `Your changes to ${hotel.name} are live`,
    text: `${lines.join('\n\n')}\n\nSee your listing: ${link}\n\nRepRoute`,
    html: layout('Your changes are live', `${lines.map(paragraph).join('')}${button('See your listing', link)}`),
  };
}

/** Tells the provider their change to a live listing was not approved, why, and that it waits for them on the edit page. */
export function revisionRejectedEmail(hotel: EventData<'hotel.revision-rejected'>, config: RoutingConfig): EmailMessage {
  const link = appLink(config.appUrl, `/edit-hotel/${hotel.hotelId}`);
  const lines = [
    `We reviewed the changes you proposed to ${hotel.name} (${listOfChanges(hotel.changes)}) and could not approve them yet. Travellers still see the approved listing.`,
    `Reason given by our team: ${hotel.reason}`,
    'Your proposed changes are kept on the listing\'s edit page: fix them there and save to send them for review again, or discard them. If you have questions, reply to this email.',
  ];
  return {
    to: hotel.providerEmail ?? '',
    replyTo: config.supportEmail,
    list: { kind: 'listing-status', userId: hotel.providerId ?? '', scope: String(hotel.hotelId) },
    subject: `Your changes to ${hotel.name} were not approved`,
    text: `${lines.join('\n\n')}\n\nFix your changes: ${link}\n\nRepRoute`,
    html: layout('Your changes were not approved', `${lines.map(paragraph).join('')}${button('Fix your changes', link)}`),
  };
}

/**
 * A listing's notices go to its provider's account (they can be turned off per listing: `listing-status`); a hotel
 * without a provider account (one an admin keeps) has no one to tell.
 */
export const hotelEmails: EmailBuilders = {
  'hotel.approved': (event, config) => (event.data.providerId ? [{ suffix: 'provider', email: hotelApprovedEmail(event.data, config.appUrl) }] : []),
  'hotel.rejected': (event, config) => (event.data.providerId ? [{ suffix: 'provider', email: hotelRejectedEmail(event.data, config) }] : []),
  'hotel.submitted': (event, config) => (event.data.providerId ? [{ suffix: 'provider', email: hotelSubmittedEmail(event.data, config.appUrl) }] : []),
  'hotel.revision-approved': (event, config) => (event.data.providerId ? [{ suffix: 'provider', email: revisionApprovedEmail(event.data, config.appUrl) }] : []),
  'hotel.revision-rejected': (event, config) => (event.data.providerId ? [{ suffix: 'provider', email: revisionRejectedEmail(event.data, config) }] : []),
};
