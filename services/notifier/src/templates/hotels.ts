import type { EventData } from '@reproute/contracts';
import { appLink, button, layout, paragraph, type EmailMessage } from '../domain/email.ts';
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
 * A listing's notices go to its provider's account (they can be turned off per listing: `listing-status`); a hotel
 * without a provider account (one an admin keeps) has no one to tell.
 */
export const hotelEmails: EmailBuilders = {
  'hotel.approved': (event, config) => (event.data.providerId ? [{ suffix: 'provider', email: hotelApprovedEmail(event.data, config.appUrl) }] : []),
  'hotel.rejected': (event, config) => (event.data.providerId ? [{ suffix: 'provider', email: hotelRejectedEmail(event.data, config) }] : []),
};
