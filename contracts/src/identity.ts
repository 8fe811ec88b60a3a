import { z } from 'zod';
import { messages } from './messages.ts';

/** Turns '' and whitespace-only strings into undefined, so empty optional fields are absent. */
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());

export const emailField = z.string({ error: messages.email }).trim().toLowerCase().pipe(z.email({ error: messages.email }));
export const strongPassword = z
  .string({ error: messages.passwordMin })
  .min(8, messages.passwordMin)
  .max(128, 'Password must be at most 128 characters')
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/, messages.passwordStrength);

export const registerRequest = z.object({
  email: emailField,
  password: strongPassword,
  firstName: z.string({ error: messages.firstNameRequired }).trim().min(1, messages.firstNameRequired).max(50, messages.firstNameMax),
  lastName: z.string({ error: messages.lastNameRequired }).trim().min(1, messages.lastNameRequired).max(50, messages.lastNameMax),
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

export const setupProfileRequest = z
  .object({
    firstName: optionalText(50),
    lastName: optionalText(50),
    bio: optionalText(1000),
    isTraveler: z.boolean().default(true),
    isProvider: z.boolean().default(false),
    countryCode: z.preprocess((v) => emptyToUndefined(v) ?? '+1', z.string().regex(/^\+\d{1,4}$/, 'Please choose a valid country code')),
    phoneNumber: z.preprocess(emptyToUndefined, z.string().trim().regex(internationalPhone, messages.internationalPhone).optional()),
    companyName: optionalText(120),
  })
  .superRefine((value, ctx) => {
    if (value.isProvider && (!value.companyName || !value.phoneNumber)) {
      ctx.addIssue({ code: 'custom', message: messages.providerFieldsRequired, path: [value.companyName ? 'phoneNumber' : 'companyName'] });
    }
  });
export type SetupProfileRequest = z.infer<typeof setupProfileRequest>;

export const providerSetupRequest = z.object({
  companyName: z.string({ error: messages.companyNameMin }).trim().min(2, messages.companyNameMin).max(120),
  phoneNumber: z
    .string({ error: messages.internationalPhone })
    .trim()
    .transform((v) => v.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(internationalPhone, messages.internationalPhone)),
  countryCode: z.preprocess(emptyToUndefined, z.string().regex(/^\+\d{1,4}$/).optional()),
});
export type ProviderSetupRequest = z.infer<typeof providerSetupRequest>;

/** The provider registration page's form (bio and terms are checked in the browser but not sent). */
export const providerRegistrationForm = z.object({
  firstName: z.string().trim().min(2, 'First name must be at least 2 characters').max(50, messages.firstNameMax),
  lastName: z.string().trim().min(2, 'Last name must be at least 2 characters').max(50, messages.lastNameMax),
  email: emailField,
  password: z
    .string()
    .min(8, messages.passwordMin)
    .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).*$/, messages.passwordStrength),
  companyName: z.string().trim().min(2, messages.providerCompanyMin),
  phoneNumber: z.string().trim().min(10, messages.providerPhoneMin),
  bio: z.string().trim().min(50, messages.providerBioMin).max(500, messages.providerBioMax),
  agreeToTerms: z.literal(true, { error: messages.agreeToTerms }),
});
export type ProviderRegistrationForm = z.infer<typeof providerRegistrationForm>;

export const forgotPasswordRequest = z.object({ email: emailField });

export const resetPasswordRequest = z.object({
  token: z.string({ error: messages.resetTokenMissing }).min(1, messages.resetTokenMissing).max(200),
  password: z.string({ error: messages.resetPasswordMin }).min(6, messages.resetPasswordMin).max(128),
});
/** The reset page's form: both passwords, matching. */
export const resetPasswordForm = z
  .object({
    password: z.string().min(6, messages.resetPasswordMin),
    confirmPassword: z.string().min(6, messages.resetPasswordMin),
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
});
export type PublicUser = z.infer<typeof publicUser>;

export const authAnswer = z.object({ token: z.string(), user: publicUser });
export type AuthAnswer = z.infer<typeof authAnswer>;
