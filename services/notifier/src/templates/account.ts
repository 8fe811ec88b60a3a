import { passwordResetSealContext, type EventData } from '@reproute/contracts';
import { button, layout, paragraph, sealedPlaceholder, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/routing.ts';

const greeting = (firstName: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,');

/** Sent once an account is created. */
export function welcomeEmail(data: EventData<'user.registered'>, appUrl: string): EmailMessage {
  const intro = 'Welcome to RepRoute! Your account is ready.';
  const next = 'Find hotels with gyms worth travelling for, save your favourites and share reviews with other fitness-minded travellers.';
  const searchUrl = `${appUrl}/search`;
  return {
    to: data.email,
    subject: 'Welcome to RepRoute',
    text: `${greeting(data.firstName)}\n\n${intro}\n\n${next}\n\nStart exploring: ${searchUrl}\n\nThe RepRoute team\n`,
    html: layout('Welcome to RepRoute', `${paragraph(greeting(data.firstName))}${paragraph(intro)}${paragraph(next)}${button('Find a hotel', searchUrl)}`),
  };
}

/**
 * The reset link: the token is single-use and valid for one hour. It stays sealed in the job
 * (base64url, so it goes into the link as it is) and is opened only as the email is sent.
 */
export function passwordResetEmail(data: EventData<'user.password_reset_requested'>, appUrl: string): EmailMessage {
  const link = `${appUrl}/reset-password?token=${sealedPlaceholder('resetToken')}`;
  const intro = 'We received a request to reset the password of your RepRoute account.';
  const expiry = 'This link expires in one hour and can be used once.';
  const ignore = "If you didn't ask for this, you can ignore this email: your password stays the same.";
  return {
    to: data.email,
    subject: 'Reset your RepRoute password',
    sealed: { resetToken: { value: data.sealedToken, context: passwordResetSealContext(data.userId) } },
    text: `${greeting(data.firstName)}\n\n${intro}\n\nReset your password: ${link}\n\n${expiry}\n\n${ignore}\n\nThe RepRoute team\n`,
    html: layout(
      'Reset your password',
      `${paragraph(greeting(data.firstName))}${paragraph(intro)}${button('Reset password', link)}${paragraph(`Or open this link: ${link}`)}${paragraph(expiry)}${paragraph(ignore)}`,
    ),
  };
}

export const accountEmails: EmailBuilders = {
  'user.registered': (event, config) => [{ suffix: 'welcome', email: welcomeEmail(event.data, config.appUrl) }],
  'user.password_reset_requested': (event, config) => [{ suffix: 'reset', email: passwordResetEmail(event.data, config.appUrl) }],
};
