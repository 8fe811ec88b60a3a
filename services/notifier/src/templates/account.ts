import { emailVerificationSealContext, greetableFirstName, passwordResetSealContext, type Envelope, type EventData } from '@reproute/contracts';
import { appLink, button, layout, paragraph, sealedPlaceholder, transactionalNote, type EmailMessage } from '../domain/email.ts';
import type { EmailBuilders } from '../domain/builders.ts';

/**
 * "Hi Ana," only for a first name under the greeting rule (letters, spaces and hyphens, at most 50
 * characters: contracts' greetableFirstName); any other text greets without a name, so a name field
 * can never carry a message into someone's inbox.
 */
export const greeting = (firstName: string | null | undefined) => {
  const name = greetableFirstName(firstName);
  return name ? `Hi ${name},` : 'Hi,';
};

/** How long a link lasts, in words, from the event's time to its expiry: "24 hours", "1 hour", "30 minutes". */
export function validFor(occurredAt: string, expiresAt: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(expiresAt) - Date.parse(occurredAt)) / 60_000));
  if (!Number.isFinite(minutes)) return '24 hours';
  if (minutes % 60 !== 0) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Sent once the account's address is proved: the welcome, to an address that asked for the account. */
export function welcomeEmail(data: EventData<'user.email_verified'>, appUrl: string): EmailMessage {
  const intro = 'Welcome to RepRoute! Your email address is verified and your account is ready.';
  const next = 'Find hotels with gyms worth travelling for, save your favourites and share reviews with other fitness-minded travellers.';
  const searchUrl = appLink(appUrl, '/search');
  const why = transactionalNote('you confirmed this address for your new RepRoute account');
  return {
    to: data.email,
    subject: 'Welcome to RepRoute',
    text: `${greeting(data.firstName)}\n\n${intro}\n\n${next}\n\nStart exploring: ${searchUrl}\n\nThe RepRoute team\n\n${why.text}\n`,
    html: layout('Welcome to RepRoute', `${paragraph(greeting(data.firstName))}${paragraph(intro)}${paragraph(next)}${button('Find a hotel', searchUrl)}${why.html}`),
  };
}

/**
 * The welcome of a provider's account: what a hotel does on RepRoute (list, review, leads), not the traveller's. Sent
 * once the address is proved (the account became a provider before), or when an account with a proved address
 * becomes a provider. Fixed text and a first name under the greeting rule only: nothing the company typed.
 */
export function providerWelcomeEmail(data: { email: string; firstName?: string | null }, appUrl: string): EmailMessage {
  const intro = 'Welcome to RepRoute for hotels! Your provider account is ready.';
  const steps = [
    'List your property with its gym: equipment, hours, size and photos. Travellers search by exactly that.',
    'Our team reviews each new listing (usually within 2-3 business days) and emails you when it is live, or what to change.',
    'Leads from travellers who choose to share their details are emailed to your listing\'s contact address; follow them, your figures and reviews in your provider dashboard.',
  ];
  const addUrl = appLink(appUrl, '/provider/listings/new');
  const dashboardUrl = appLink(appUrl, '/provider/dashboard');
  const why = transactionalNote('you set up a provider account on RepRoute with this address');
  return {
    to: data.email,
    subject: 'Welcome to RepRoute for hotels',
    text: `${greeting(data.firstName)}\n\n${intro}\n\n${steps.map((step) => `- ${step}`).join('\n')}\n\nList a property: ${addUrl}\nProvider dashboard: ${dashboardUrl}\n\nThe RepRoute team\n\n${why.text}\n`,
    html: layout(
      'Welcome to RepRoute for hotels',
      `${paragraph(greeting(data.firstName))}${paragraph(intro)}${steps.map(paragraph).join('')}${button('List a property', addUrl)}${paragraph(`Provider dashboard: ${dashboardUrl}`)}${why.html}`,
    ),
  };
}

/**
 * The verification link of a new account's address (or of an email change's new address). The
 * address has not been proved to belong to whoever typed it, so the email carries nothing they typed:
 * no name, fixed text only. The token stays sealed in the job and is opened only as the email is sent.
 */
export function verificationEmail(event: Envelope<'user.email_verification_requested'>, appUrl: string): EmailMessage {
  const data = event.data;
  const link = `${appLink(appUrl, '/verify-email')}?token=${sealedPlaceholder('verificationToken')}`;
  const change = data.reason === 'change';
  const intro = change
    ? 'We received a request to make this the email address of a RepRoute account.'
    : 'Someone signed up for RepRoute with this email address. If it was you, please confirm the address.';
  const until = change
    ? 'The account keeps its current address until this one is confirmed.'
    : "Until the address is confirmed, hotels don't receive the account's name or email with its booking requests, and its reviews are not published.";
  const expiry = `This link works once and expires in ${validFor(event.occurredAt, data.expiresAt)}.`;
  const ignore = "If you didn't ask for this, you can ignore this email: nothing happens to this address unless the link is opened.";
  const action = change ? 'Confirm new email address' : 'Confirm email address';
  const why = transactionalNote(change ? 'this address was given as the new address of a RepRoute account' : 'this address was used to create a RepRoute account');
  return {
    to: data.email,
    subject: change ? 'Confirm your new email address for RepRoute' : 'Confirm your email address for RepRoute',
    sealed: { verificationToken: { value: data.sealedToken, context: emailVerificationSealContext(data.userId, data.email) } },
    text: `Hi,\n\n${intro}\n\n${action}: ${link}\n\n${expiry}\n\n${until}\n\n${ignore}\n\nThe RepRoute team\n\n${why.text}\n`,
    html: layout(
      change ? 'Confirm your new email address' : 'Confirm your email address',
      `${paragraph('Hi,')}${paragraph(intro)}${button(action, link)}${paragraph(`Or open this link: ${link}`)}${paragraph(expiry)}${paragraph(until)}${paragraph(ignore)}${why.html}`,
    ),
  };
}

/** The notice to the account's current address that a change to another one was asked for. The new address is not named. */
export function emailChangeNotice(data: EventData<'user.email_change_requested'>, appUrl: string): EmailMessage {
  const intro = 'We received a request to change the email address of your RepRoute account to another address.';
  const until = 'Nothing changes until the link we sent to the new address is opened; until then you sign in with this address, as before.';
  const notYou = "If you didn't ask for this, reset your password now: someone else may know it.";
  const resetUrl = appLink(appUrl, '/forgot-password');
  const why = transactionalNote('a change of your RepRoute account\'s email address was asked for, and this is its current address');
  return {
    to: data.email,
    subject: 'Your RepRoute email address is being changed',
    text: `${greeting(data.firstName)}\n\n${intro}\n\n${until}\n\n${notYou}\nReset your password: ${resetUrl}\n\nThe RepRoute team\n\n${why.text}\n`,
    html: layout(
      'Your email address is being changed',
      `${paragraph(greeting(data.firstName))}${paragraph(intro)}${paragraph(until)}${paragraph(notYou)}${button('Reset password', resetUrl)}${why.html}`,
    ),
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
  const why = transactionalNote('a password reset was asked for the RepRoute account with this address');
  return {
    to: data.email,
    subject: 'Reset your RepRoute password',
    sealed: { resetToken: { value: data.sealedToken, context: passwordResetSealContext(data.userId) } },
    text: `${greeting(data.firstName)}\n\n${intro}\n\nReset your password: ${link}\n\n${expiry}\n\n${ignore}\n\nThe RepRoute team\n\n${why.text}\n`,
    html: layout(
      'Reset your password',
      `${paragraph(greeting(data.firstName))}${paragraph(intro)}${button('Reset password', link)}${paragraph(`Or open this link: ${link}`)}${paragraph(expiry)}${paragraph(ignore)}${why.html}`,
    ),
  };
}

export const accountEmails: EmailBuilders = {
  // A new account's first email is its verification link (nothing at registration itself); the welcome follows the proof.
  'user.email_verification_requested': (event, config) => [{ suffix: 'verify', email: verificationEmail(event, config.appUrl) }],
  // A provider's account gets the provider welcome; one that becomes a provider after its welcome gets that then.
  'user.email_verified': (event, config) =>
    event.data.previousEmail === null
      ? [{ suffix: 'welcome', email: event.data.isProvider ? providerWelcomeEmail(event.data, config.appUrl) : welcomeEmail(event.data, config.appUrl) }]
      : [],
  'user.became_provider': (event, config) => (event.data.emailVerified ? [{ suffix: 'provider-welcome', email: providerWelcomeEmail(event.data, config.appUrl) }] : []),
  'user.email_change_requested': (event, config) => [{ suffix: 'change-notice', email: emailChangeNotice(event.data, config.appUrl) }],
  'user.password_reset_requested': (event, config) => [{ suffix: 'reset', email: passwordResetEmail(event.data, config.appUrl) }],
};
