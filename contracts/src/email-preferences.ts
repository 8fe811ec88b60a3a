import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Email a person can stop (ruling 18; docs/decisions.md, "Email preferences and unsubscribing"). Every email that
 * is not a direct answer to the recipient's own action is of one of these kinds, carries one-click unsubscribe
 * (RFC 8058) and a link to the email preferences; identity keeps each account's opt-outs (everything is on until
 * the owner turns it off) and the notifier checks them as it sends. Transactional email (a reset or verification
 * link, an email change notice, the welcome, a lead the traveller chose to send, a contact form's answer) has no
 * kind: it cannot be turned off and says why it was sent.
 */
export const emailKinds = ['review-status', 'review-replies', 'listing-status', 'listing-reviews', 'search-alerts', 'favorite-updates', 'listing-gym-facts'] as const;
export type EmailKind = (typeof emailKinds)[number];

/**
 * What one kind is: its label and description on the preferences page, the "why" line its emails end with, who
 * can receive it (`provider` kinds are shown to providers only), and what a scope is for it: `listing` (a hotel
 * id, as a string), `saved-search` (a saved search's id) or `none` (the whole kind only).
 */
export interface EmailKindInfo {
  label: string;
  description: string;
  /** Completes "You received this email because …". */
  because: string;
  audience: 'everyone' | 'provider';
  scope: 'none' | 'listing' | 'saved-search';
}

export const emailKindInfo: Record<EmailKind, EmailKindInfo> = {
  'review-status': {
    label: 'Your reviews',
    description: 'When a review you wrote is published, or cannot be published.',
    because: 'you wrote a review on RepRoute and asked to hear when it is moderated',
    audience: 'everyone',
    scope: 'none',
  },
  'review-replies': {
    label: 'Replies to your reviews',
    description: 'When a hotel answers a review you wrote.',
    because: 'a hotel replied to a review you wrote on RepRoute',
    audience: 'everyone',
    scope: 'none',
  },
  'listing-status': {
    label: 'Listing approvals',
    description: 'When our team approves a listing of yours, or cannot approve it yet. Per listing.',
    because: 'you list this hotel on RepRoute',
    audience: 'provider',
    scope: 'listing',
  },
  'listing-reviews': {
    label: 'Reviews of your listings',
    description: 'When a review of a hotel you list is published. Per listing.',
    because: 'you list this hotel on RepRoute and a review of it was published',
    audience: 'provider',
    scope: 'listing',
  },
  'search-alerts': {
    label: 'Saved search alerts',
    description: 'New hotels that match a search you saved, as they are approved or in a weekly digest. Per saved search.',
    because: 'you saved a search on RepRoute and asked to hear about new hotels that match it',
    audience: 'everyone',
    scope: 'saved-search',
  },
  'favorite-updates': {
    label: 'Favourite hotel updates',
    description: "When the gym of a hotel in your favourites changes (equipment, hours, size).",
    because: 'this hotel is in your RepRoute favourites',
    audience: 'everyone',
    scope: 'none',
  },
  'listing-gym-facts': {
    label: 'Gym facts of your listings',
    description: 'When a traveller reports a change to the gym of a hotel you list, or its gym facts are due to be confirmed. Per listing.',
    because: 'you list this hotel on RepRoute and travellers plan their training on its gym facts',
    audience: 'provider',
    scope: 'listing',
  },
};

/** The kinds an account can receive: provider kinds only for providers. */
export const emailKindsFor = (isProvider: boolean): EmailKind[] => emailKinds.filter((kind) => isProvider || emailKindInfo[kind].audience === 'everyone');

/** A scope is a listing's or saved search's id: up to 64 letters, digits and hyphens. */
export const emailScopePattern = /^[A-Za-z0-9-]{1,64}$/;

const kind = z.enum(emailKinds, { error: messages.emailKindInvalid });
const scope = z
  .string({ error: messages.emailScopeInvalid })
  .regex(emailScopePattern, messages.emailScopeInvalid)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** One opt-out: the whole kind (`scope` null), or one listing or saved search of it. */
export const emailOptOut = z.object({ kind: z.enum(emailKinds), scope: z.string().nullable() });
export type EmailOptOut = z.infer<typeof emailOptOut>;

/** An unsubscribe link's token (`@reproute/platform/email-links`): base64url parts, at most 512 characters. */
export const emailLinkToken = z
  .string({ error: messages.unsubscribeTokenMissing })
  .trim()
  .min(1, messages.unsubscribeTokenMissing)
  .max(512, messages.unsubscribeTokenInvalid)
  .regex(/^[A-Za-z0-9_.-]+$/, messages.unsubscribeTokenInvalid);

/** `?token=` of the link endpoints. */
export const emailLinkQuery = z.object({ token: emailLinkToken });

/** PUT /api/email-preferences: turn one kind (or one listing or saved search of it) on or off. */
export const emailPreferenceChange = z
  .object({
    kind,
    scope,
    subscribed: z.boolean({ error: messages.emailSubscribedInvalid }),
  })
  .check((ctx) => {
    if (ctx.value.scope !== null && emailKindInfo[ctx.value.kind].scope === 'none') {
      ctx.issues.push({ code: 'custom', message: messages.emailScopeNotForKind, input: ctx.value.scope, path: ['scope'] });
    }
  });
export type EmailPreferenceChange = z.infer<typeof emailPreferenceChange>;

/** PUT /api/email-preferences/by-link: the same change, authorised by an emailed link's token instead of a sign-in. */
export const emailPreferenceChangeByLink = z
  .object({ token: emailLinkToken, kind, scope, subscribed: z.boolean({ error: messages.emailSubscribedInvalid }) })
  .check((ctx) => {
    if (ctx.value.scope !== null && emailKindInfo[ctx.value.kind].scope === 'none') {
      ctx.issues.push({ code: 'custom', message: messages.emailScopeNotForKind, input: ctx.value.scope, path: ['scope'] });
    }
  });

/**
 * The one-click unsubscribe's body (RFC 8058 section 3.1): `List-Unsubscribe=One-Click`, sent by mail clients as
 * `application/x-www-form-urlencoded` or `multipart/form-data` (identity parses both into this shape), or as JSON.
 */
export const oneClickUnsubscribeBody = z.object(
  { 'List-Unsubscribe': z.literal('One-Click', { error: messages.unsubscribeBodyInvalid }) },
  { error: messages.unsubscribeBodyInvalid },
);

/** An account's email preferences: the kinds it can receive and what it turned off. */
export const emailPreferencesAnswer = z.object({
  /** The address the emails go to (masked, `t•••@example.com`, when read through a link). */
  email: z.string(),
  kinds: z.array(z.enum(emailKinds)),
  optOuts: z.array(emailOptOut),
});
export type EmailPreferencesAnswer = z.infer<typeof emailPreferencesAnswer>;

/** Read through an emailed link: the same, plus what that link's email was about. */
export const emailPreferencesByLinkAnswer = emailPreferencesAnswer.extend({ link: emailOptOut });
export type EmailPreferencesByLinkAnswer = z.infer<typeof emailPreferencesByLinkAnswer>;

/** The one-click unsubscribe's answer. */
export const unsubscribeAnswer = z.object({ message: z.string(), kind: z.enum(emailKinds), scope: z.string().nullable() });

/** Whether an email of `kind` (about `scope`) goes out under these opt-outs: not when the kind or that scope is off. */
export function emailWanted(optOuts: readonly EmailOptOut[], kind: EmailKind, scope: string | null): boolean {
  return !optOuts.some((o) => o.kind === kind && (o.scope === null || (scope !== null && o.scope === scope)));
}

/** An address as a link shows it: the first character of the local part, then `•••`. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

/** The SPA's pages the emails link to, with the link's token. */
export const emailLinkPaths = {
  confirm: '/unsubscribe',
  preferences: '/email-preferences',
  oneClick: '/api/email-preferences/unsubscribe',
} as const;
