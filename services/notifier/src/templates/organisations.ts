import { greetableFirstName, organisationInvitationSealContext, type Envelope } from '@reproute/contracts';
import { button, layout, paragraph, sealedPlaceholder, transactionalNote, type EmailMessage } from '../domain/email.ts';
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

export const organisationEmails: EmailBuilders = {
  'organisation.invitation-created': (event, config) => [{ suffix: 'invitation', email: invitationEmail(event, config.appUrl) }],
};
