import { z } from 'zod';
import { messages } from './messages.ts';

/** Turns '' and whitespace-only strings into undefined, so empty optional fields are absent. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = (max: number, message?: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, message ?? `Must be at most ${max} characters`).optional());
/** Phone numbers may be typed with spaces, dashes or brackets; they are stored as `+` and digits only. */
const phoneDigits = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/[\s().-]/g, '') : value);
const countryCode = z.string().trim().regex(/^\+\d{1,4}$/, 'Please choose a valid country code');

export const emailField = z.string({ error: messages.email }).trim().toLowerCase().pipe(z.email({ error: messages.email }));
/**
 * The password rule, one requirement per line of the live checklist; the server applies exactly
 * these. The special character is any character that is not an ASCII letter or digit (document 2).
 */
export const passwordRequirements = [
  { label: 'At least 8 characters', pattern: /^[\s\S]{8,}$/ },
  { label: 'One uppercase letter', pattern: /[A-Z]/ },
  { label: 'One lowercase letter', pattern: /[a-z]/ },
  { label: 'One number', pattern: /\d/ },
  { label: 'One special character (not a letter or number, e.g. ! # - _ @)', pattern: /[^A-Za-z0-9]/ },
] as const;

export const strongPassword = z
  .string({ error: messages.passwordMin })
  .min(8, messages.passwordMin)
  .max(128, 'Password must be at most 128 characters')
  .refine((password) => passwordRequirements.every((rule) => rule.pattern.test(password)), messages.passwordStrength);

/**
 * The one rule for a person's first and last name: letters of any script (with their combining marks),
 * spaces, hyphens and apostrophes, starting with a letter, at most 50 characters. Names travel into
 * emails that reach other people (leads to hotels), so nothing else (digits, punctuation, links) is taken.
 */
export const personNameMaxLength = 50;
const personNamePattern = /^\p{L}[\p{L}\p{M} '’-]*$/u;
/** A name (`Ana María`, `O'Neil`, `Jean-Luc`) under the rule, at most `max` characters (a full name: first and last, twice the length and a space). */
export const isPersonName = (value: string, max: number = personNameMaxLength): boolean => value.length <= max && personNamePattern.test(value);
/** Runs of spaces become one space, so "Ana  Maria" is stored as "Ana Maria". */
const collapseSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/ {2,}/g, ' ') : value);
const personName = (required: string, max: string, letters: string, min: { length: number; message: string } = { length: 1, message: required }) =>
  z.preprocess(
    collapseSpaces,
    z.string({ error: required }).trim().min(min.length, min.message).max(personNameMaxLength, max).refine((v) => v === '' || personNamePattern.test(v), letters),
  );
export const firstNameField = personName(messages.firstNameRequired, messages.firstNameMax, messages.firstNameLetters);
export const lastNameField = personName(messages.lastNameRequired, messages.lastNameMax, messages.lastNameLetters);

/**
 * The first name an email may greet its recipient with: letters (any script, with their marks), single
 * spaces and hyphens only, at most 50 characters. Anything else (an older account's name, a name with
 * an apostrophe, text made to read as a message) gives null, and the email greets without a name.
 */
const greetablePattern = /^[\p{L}\p{M}]+(?:[ -][\p{L}\p{M}]+)*$/u;
export function greetableFirstName(value: string | null | undefined): string | null {
  const name = value?.trim() ?? '';
  return name.length > 0 && name.length <= personNameMaxLength && greetablePattern.test(name) ? name : null;
}

export const registerRequest = z.object({
  email: emailField,
  password: strongPassword,
  firstName: firstNameField,
  lastName: lastNameField,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email: emailField,
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const countryCodes = [
  '+1', '+44', '+33', '+49', '+39', '+34', '+31', '+32', '+41', '+43', '+45', '+46', '+47', '+61', '+81', '+82', '+86', '+91', '+55', '+52', '+27',
] as const;

export const internationalPhone = /^\+?[1-9]\d{1,14}$/;

/** ITU country calling codes of two digits (1 and 7 are the one-digit codes; every other code has three). */
const twoDigitCallingCodes = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54', '55', '56', '57', '58',
  '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
]);

/**
 * Splits a `+` number (`+`, digits only) into its country calling code and the rest: calling codes
 * are prefix-free, so the first digits decide. Null for a number without `+` or with nothing after the code.
 */
export function splitCallingCode(phone: string): { countryCode: string; nationalNumber: string } | null {
  const match = /^\+(\d+)$/.exec(phone);
  if (!match) return null;
  const digits = match[1]!;
  const length = digits.startsWith('1') || digits.startsWith('7') ? 1 : twoDigitCallingCodes.has(digits.slice(0, 2)) ? 2 : 3;
  const nationalNumber = digits.slice(length);
  return nationalNumber ? { countryCode: `+${digits.slice(0, length)}`, nationalNumber } : null;
}

/**
 * The one business-phone rule of the registration and setup forms: international format (optional `+`,
 * first digit 1-9, 2 to 15 digits), typed with spaces, dashes or brackets if liked; a `+` number needs
 * digits after its country code.
 */
export const businessPhone = z.preprocess(
  phoneDigits,
  z
    .string({ error: messages.internationalPhone })
    .regex(internationalPhone, messages.internationalPhone)
    .refine((phone) => !phone.startsWith('+') || splitCallingCode(phone) !== null, messages.internationalPhone),
);

/**
 * The country code and number to store: a `+` number brings its own country code (so "+44 20…"
 * is stored as +44 and 20…, never shown as "+1 +44…"); otherwise the chosen code, else the current one.
 */
export function phoneParts(phone: string, chosenCode: string | undefined, currentCode: string): { countryCode: string; phoneNumber: string } {
  const split = splitCallingCode(phone);
  return split ? { countryCode: split.countryCode, phoneNumber: split.nationalNumber } : { countryCode: chosenCode ?? currentCode, phoneNumber: phone };
}

/** A stored phone as people read it: the country code and the number (a legacy number that kept its `+` shows alone). */
export function formatPhone(countryCode: string | null | undefined, phoneNumber: string | null | undefined): string | null {
  if (!phoneNumber) return null;
  return phoneNumber.startsWith('+') || !countryCode ? phoneNumber : `${countryCode} ${phoneNumber}`;
}

export const setupProfileRequest = z
  .object({
    firstName: z.preprocess(emptyToUndefined, firstNameField.optional()),
    lastName: z.preprocess(emptyToUndefined, lastNameField.optional()),
    bio: optionalText(1000, 'Bio must be less than 1000 characters'),
    isTraveler: z.boolean().default(true),
    isProvider: z.boolean().default(false),
    // An empty country code becomes the default +1 (spec, profile setup).
    countryCode: z.preprocess((v) => emptyToUndefined(v) ?? '+1', countryCode),
    phoneNumber: z.preprocess((v) => emptyToUndefined(phoneDigits(v)), businessPhone.optional()),
    companyName: optionalText(120, 'Company name must be less than 120 characters'),
    preferredEquipment: z.array(z.string().trim().min(1).max(60)).max(40).optional(),
    accessibilityNeeds: z.array(z.string().trim().min(1).max(120)).max(20).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.isProvider && (!value.companyName || !value.phoneNumber)) {
      ctx.addIssue({ code: 'custom', message: messages.providerFieldsRequired, path: [value.companyName ? 'phoneNumber' : 'companyName'] });
    }
  });
export type SetupProfileRequest = z.infer<typeof setupProfileRequest>;

export const providerSetupRequest = z.object({
  companyName: z.string({ error: messages.companyNameMin }).trim().min(2, messages.companyNameMin).max(120, 'Company name must be less than 120 characters'),
  phoneNumber: businessPhone,
  countryCode: z.preprocess(emptyToUndefined, countryCode.optional()),
  /** The bio typed at provider registration travels with its setup call and is kept. */
  bio: optionalText(1000, 'Bio must be less than 1000 characters'),
});
export type ProviderSetupRequest = z.infer<typeof providerSetupRequest>;

/**
 * The provider registration page's form. Name, email and password go to register; company, phone
 * (the setup form's international rule) and bio go on to provider setup; terms stay in the browser.
 */
export const providerRegistrationForm = z.object({
  firstName: personName(messages.firstNameRequired, messages.firstNameMax, messages.firstNameLetters, { length: 2, message: 'First name must be at least 2 characters' }),
  lastName: personName(messages.lastNameRequired, messages.lastNameMax, messages.lastNameLetters, { length: 2, message: 'Last name must be at least 2 characters' }),
  email: emailField,
  password: strongPassword,
  companyName: z.string().trim().min(2, messages.providerCompanyMin).max(120, 'Company name must be less than 120 characters'),
  phoneNumber: businessPhone,
  bio: z.string().trim().min(50, messages.providerBioMin).max(500, messages.providerBioMax),
  agreeToTerms: z.literal(true, { error: messages.agreeToTerms }),
});
export type ProviderRegistrationForm = z.infer<typeof providerRegistrationForm>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/**
 * The reset call: the token from the emailed link and the new password (confirmPassword optional;
 * checked when sent). A new password follows the registration rule: the spec's "at least 6" on
 * reset would let a reset weaken an account below what registration allows.
 */
export const resetPasswordRequest = z
  .object({
    token: z.string({ error: messages.resetTokenMissing }).trim().min(1, messages.resetTokenMissing).max(200, messages.resetTokenInvalid),
    password: strongPassword,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, { message: messages.passwordsDontMatch, path: ['confirmPassword'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
/** The reset page's form: both passwords, matching; the password under the same rule as the server's. */
export const resetPasswordForm = z
  .object({
    password: strongPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsDontMatch, path: ['confirmPassword'] });

/** The user as every answer shows it: never the password hash or reset fields. */
export const publicUser = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  isTraveler: z.boolean(),
  isProvider: z.boolean(),
  companyName: z.string().nullable(),
  countryCode: z.string(),
  phoneNumber: z.string().nullable(),
  bio: z.string().nullable(),
  profileSetupComplete: z.boolean(),
  rewardPoints: z.number().int(),
  preferredEquipment: z.array(z.string()),
  accessibilityNeeds: z.array(z.string()),
  createdAt: z.string(),
  /** True once the account's email address was proved by its emailed link. */
  emailVerified: z.boolean(),
  /** An address the account asked to change to, waiting for its link to be opened (the email stays `email` until then). */
  pendingEmail: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const authAnswer = z.object({ token: z.string(), user: publicUser });
export type AuthAnswer = z.infer<typeof authAnswer>;

/** `POST /api/provider/setup` answers a fresh token (with the provider role), the user and a confirmation. */
export const providerSetupAnswer = authAnswer.extend({ message: z.string() });
export type ProviderSetupAnswer = z.infer<typeof providerSetupAnswer>;

export const messageAnswer = z.object({ message: z.string() });

/** The token of an emailed verification link (a new account's address, or the new address of an email change). */
export const verifyEmailRequest = z.object({
  token: z.string({ error: messages.verificationTokenMissing }).trim().min(1, messages.verificationTokenMissing).max(200, messages.verificationTokenInvalid),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/**
 * A verified address: the message and the account's (now verified) email. A caller signed in as that
 * account also gets a fresh token (claiming the verified email) and the user; nobody else is signed in by a link.
 */
export const verifyEmailAnswer = z.object({
  message: z.string(),
  email: z.string(),
  token: z.string().optional(),
  user: publicUser.optional(),
});
export type VerifyEmailAnswer = z.infer<typeof verifyEmailAnswer>;

/** A new email address for the signed-in account, with its current password. */
export const emailChangeRequest = z.object({
  currentPassword: z.string({ error: messages.currentPasswordRequired }).min(1, messages.currentPasswordRequired).max(256),
  newEmail: emailField,
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequest>;
export const emailChangeAnswer = z.object({ message: z.string(), pendingEmail: z.string() });

const currentPasswordField = z.string({ error: messages.currentPasswordRequired }).min(1, messages.currentPasswordRequired).max(256);

/** A new password for the signed-in account, with its current one (the registration rule, and not the same). */
export const changePasswordRequest = z
  .object({ currentPassword: currentPasswordField, newPassword: strongPassword })
  .refine((v) => v.currentPassword !== v.newPassword, { message: messages.newPasswordSame, path: ['newPassword'] });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
/** The change-password form: the new password typed twice. */
export const changePasswordForm = z
  .object({ currentPassword: currentPasswordField, newPassword: strongPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: messages.passwordsDontMatch, path: ['confirmPassword'] })
  .refine((v) => v.currentPassword !== v.newPassword, { message: messages.newPasswordSame, path: ['newPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
/** A fresh token for this device (every other token of the account has ended), the user and a confirmation. */
export const changePasswordAnswer = authAnswer.extend({ message: z.string() });

/** Deleting the account: the current password again, so a token left on a shared computer cannot do it. */
export const deleteAccountRequest = z.object({ currentPassword: currentPasswordField });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
export const deleteAccountAnswer = z.object({ message: z.string(), status: z.literal('deleting'), requestedAt: z.string() });
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswer>;

/** `GET /api/auth/admin/users` (admins): newest first, optionally filtered by an email fragment. */
export const adminUsersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;
export const adminUsersAnswer = z.object({ items: z.array(publicUser), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** One public signing key as `/.well-known/jwks.json` publishes it: Ed25519, for signatures only (never the private `d`). */
export const publicSigningKey = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  /** The public key, base64url. */
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export type PublicSigningKey = z.infer<typeof publicSigningKey>;

/** `GET /.well-known/jwks.json`: the keys the gateway and every service verify access tokens with. */
export const jsonWebKeySet = z.object({ keys: z.array(publicSigningKey) });
export type JsonWebKeySet = z.infer<typeof jsonWebKeySet>;
