import { greetableFirstName, organisationInvitationSealContext, type Envelope, type EventData } from '@reproute/contracts';
import { appLink, button, layout, paragraph, sealedPlaceholder, transactionalNote, type EmailMessage } from '../domain/email.ts';
import { reviewPublishedForProviderEmail } from './reviews.ts';
import type { EmailBuilders } from '../domain/builders.ts';
import { validFor } from './account.ts';

/**
 * An organisation's invitation (docs/decisions.md, "Organisations and roles"): the link's token stays sealed in the job and
 * is opened only as the email is sent. The organisation's name is its owners' text, so it is only named, never linked, and
 * the inviter is named only by a first name under the greeting rule.
 */
export function invitationEmail(event: Envelope<'organisation.invitation-created'>, appUrl: string): EmailMessage {
  const data = event.data;
  const link = `${appUrl}/provider/join?token=${sealedPlaceholder('invitationToken')}`;
  const inviter = greetableFirstName(data.inviterFirstName);
  const intro = `${inviter ? `${inviter} invited you` : 'You are invited'} to join ${data.organisationName} on RepRoute, the hotel directory for gym-minded travellers.`;
  const roles = `Your role: ${data.roles.join('; ')}.`;
  const how = 'Open the link, then sign in (or create an account) with this email address and accept.';
  const expiry = `This link can be used once and expires in ${validFor(event.occurredAt, data.expiresAt)}.`;
  const ignore = "If you don't know them, you can ignore this email: nothing happens without you.";
  const why = transactionalNote('an owner of a hotel organisation on RepRoute invited this address');
  return {
    to: data.email,
    subject: `You are invited to join ${data.organisationName} on RepRoute`,
    sealed: { invitationToken: { value: data.sealedToken, context: organisationInvitationSealContext(data.invitationId, data.email) } },
    text: `Hi,\n\n${intro}\n\n${roles}\n\n${how}\n\nAccept the invitation: ${link}\n\n${expiry}\n\n${ignore}\n\nThe RepRoute team\n\n${why.text}\n`,
    html: layout(
      'You are invited to a team on RepRoute',
      `${paragraph('Hi,')}${paragraph(intro)}${paragraph(roles)}${paragraph(how)}${button('Accept the invitation', link)}${paragraph(`Or open this link: ${link}`)}${paragraph(expiry)}${paragraph(ignore)}${why.html}`,
    ),
  };
}

/** A published review of a property a member answers reviews for: the owner's notice, to each responder (with their own unsubscribe). */
export function reviewPublishedForMemberEmail(data: EventData<'organisation.review-published'>, recipient: { userId: string; email: string }, appUrl: string): EmailMessage {
  const email = reviewPublishedForProviderEmail(
    { hotelId: data.hotelId, name: data.name, slug: data.slug, providerId: recipient.userId, providerEmail: recipient.email, reviewId: data.reviewId, rating: data.rating, title: data.title },
    appUrl,
  );
  const inbox = appLink(appUrl, '/provider/dashboard?tab=reviews');
  return { ...email, text: email.text.replace('\n\nRepRoute', `\nReviews inbox: ${inbox}\n\nYou received this email because your team role answers reviews of ${data.name}.\n\nRepRoute`) };
}

export const organisationEmails: EmailBuilders = {
  'organisation.invitation-created': (event, config) => [{ suffix: 'invitation', email: invitationEmail(event, config.appUrl) }],
  'organisation.review-published': (event, config) =>
    event.data.recipients.map((recipient, i) => ({ suffix: `responder-${i}`, email: reviewPublishedForMemberEmail(event.data, recipient, config.appUrl) })),
};
