import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  messages,
  passwordRequirements,
  providerRegistrationForm,
  providerSetupRequest,
  registerRequest,
  resetPasswordForm,
  resetPasswordRequest,
  setupProfileRequest,
  splitCallingCode,
  type PublicUser,
} from '@reproute/contracts';
import { applyProfileSetup, applyProviderSetup } from '../../src/domain/profile.ts';
import { toPublicUser, type UserRow } from '../../src/domain/users.ts';
import { PasswordHasher } from '../../src/domain/passwords.ts';

const row: UserRow = {
  id: '00000000-0000-4000-8000-000000000003',
  email: 'ann@example.com',
  password_hash: '$argon2id$secret',
  first_name: 'Ann',
  last_name: 'Lee',
  is_admin: false,
  is_traveler: true,
  is_provider: false,
  company_name: null,
  country_code: '+1',
  phone_number: null,
  bio: null,
  profile_setup_complete: false,
  reward_points: 0,
  preferred_equipment: [],
  accessibility_needs: [],
  reset_token: 'abc',
  reset_token_expiry: new Date(),
  email_verified_at: null,
  pending_email: null,
  created_at: new Date('2025-01-01T00:00:00Z'),
};
const user: PublicUser = toPublicUser(row);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('toPublicUser', () => {
  it('shows every users field in camelCase but never the password hash or reset fields', () => {
    expect(Object.keys(user).sort()).toEqual(
      ['accessibilityNeeds', 'bio', 'companyName', 'countryCode', 'createdAt', 'email', 'emailVerified', 'firstName', 'id', 'isAdmin', 'isProvider', 'isTraveler', 'lastName', 'pendingEmail', 'phoneNumber', 'preferredEquipment', 'profileSetupComplete', 'rewardPoints'].sort(),
    );
    expect(JSON.stringify(user)).not.toMatch(/argon2|reset/i);
    expect(user).toMatchObject({ emailVerified: false, pendingEmail: null });
    expect(toPublicUser({ ...row, email_verified_at: new Date(), pending_email: 'new@example.com' })).toMatchObject({ emailVerified: true, pendingEmail: 'new@example.com' });
  });
});

describe('profile setup', () => {
  it('defaults a missing or empty country code to +1 and turns empty strings into absent values', () => {
    const request = setupProfileRequest.parse({ firstName: '', lastName: '  ', bio: '', countryCode: '', phoneNumber: '', companyName: '' });
    expect(request).toEqual({ isTraveler: true, isProvider: false, countryCode: '+1' });
    const { changes, completedNow, becameProvider } = applyProfileSetup(user, request);
    expect(changes).toMatchObject({ firstName: 'Ann', lastName: 'Lee', bio: null, countryCode: '+1', phoneNumber: null, isTraveler: true, isProvider: false, profileSetupComplete: true });
    expect(completedNow).toBe(true);
    expect(becameProvider).toBe(false);
  });

  it('requires company name and phone for providers', () => {
    expect(firstMessage(setupProfileRequest.safeParse({ isProvider: true }))).toBe(messages.providerFieldsRequired);
    expect(firstMessage(setupProfileRequest.safeParse({ isProvider: true, companyName: 'Acme', phoneNumber: ' ' }))).toBe(messages.providerFieldsRequired);
    const ok = setupProfileRequest.parse({ isProvider: true, companyName: 'Acme Gyms', phoneNumber: '+44 20 7946 0958', countryCode: '+44' });
    const outcome = applyProfileSetup(user, ok);
    expect(outcome.changes).toMatchObject({ isProvider: true, companyName: 'Acme Gyms', phoneNumber: '2079460958', countryCode: '+44' });
    expect(outcome.becameProvider).toBe(true);
  });

  it('keeps an existing provider a provider, and reports completion only the first time', () => {
    const provider = { ...user, isProvider: true, companyName: 'Acme', phoneNumber: '+12125550123', profileSetupComplete: true };
    const outcome = applyProfileSetup(provider, setupProfileRequest.parse({ firstName: 'Annie' }));
    expect(outcome.changes).toMatchObject({ firstName: 'Annie', isProvider: true, companyName: 'Acme' });
    expect(outcome).toMatchObject({ completedNow: false, becameProvider: false });
  });

  it('provider setup validates company and international phone with the spec messages', () => {
    expect(firstMessage(providerSetupRequest.safeParse({ companyName: 'A', phoneNumber: '+12125550123' }))).toBe(messages.companyNameMin);
    for (const phone of ['0123456', '+0123', '1', 'abc', '+1234567890123456']) {
      expect(firstMessage(providerSetupRequest.safeParse({ companyName: 'Acme', phoneNumber: phone }))).toBe(messages.internationalPhone);
    }
    const request = providerSetupRequest.parse({ companyName: '  Acme  ', phoneNumber: '12' });
    const outcome = applyProviderSetup(user, request);
    expect(outcome.changes).toMatchObject({ isProvider: true, companyName: 'Acme', phoneNumber: '12', isTraveler: true, profileSetupComplete: true });
    expect(outcome).toMatchObject({ completedNow: true, becameProvider: true });
  });
});

describe('business phone and country code', () => {
  it('takes the country code from a + prefix instead of the default +1 (prefix-free calling codes)', () => {
    expect(splitCallingCode('+14155551234')).toEqual({ countryCode: '+1', nationalNumber: '4155551234' });
    expect(splitCallingCode('+442079460958')).toEqual({ countryCode: '+44', nationalNumber: '2079460958' });
    expect(splitCallingCode('+74951234567')).toEqual({ countryCode: '+7', nationalNumber: '4951234567' });
    expect(splitCallingCode('+35312345678')).toEqual({ countryCode: '+353', nationalNumber: '12345678' });
    expect(splitCallingCode('+971501234567')).toEqual({ countryCode: '+971', nationalNumber: '501234567' });
    expect(splitCallingCode('4155551234')).toBeNull();
    expect(splitCallingCode('+353')).toBeNull();
  });

  it('provider setup stores +44 and the national number, never "+1 +44…"; a plain number keeps the chosen or current code', () => {
    const uk = applyProviderSetup(user, providerSetupRequest.parse({ companyName: 'Iron Inns', phoneNumber: '+44 20 7946 0958' }));
    expect(uk.changes).toMatchObject({ countryCode: '+44', phoneNumber: '2079460958' });
    expect(formatPhone(uk.changes.countryCode, uk.changes.phoneNumber)).toBe('+44 2079460958');
    const plain = applyProviderSetup({ ...user, countryCode: '+33' }, providerSetupRequest.parse({ companyName: 'Iron Inns', phoneNumber: '612345678' }));
    expect(plain.changes).toMatchObject({ countryCode: '+33', phoneNumber: '612345678' });
    expect(formatPhone('+1', '+442079460958')).toBe('+442079460958');
    expect(firstMessage(providerSetupRequest.safeParse({ companyName: 'Iron Inns', phoneNumber: '+353' }))).toBe(messages.internationalPhone);
  });

  it('provider setup keeps the bio sent with it, and an absent bio keeps the current one', () => {
    const bio = 'We run three hotels with proper strength gyms in Manchester and Leeds.';
    expect(applyProviderSetup(user, providerSetupRequest.parse({ companyName: 'Iron Inns', phoneNumber: '+447700900123', bio })).changes.bio).toBe(bio);
    expect(applyProviderSetup({ ...user, bio: 'Kept' }, providerSetupRequest.parse({ companyName: 'Iron Inns', phoneNumber: '+447700900123' })).changes.bio).toBe('Kept');
  });

  it('the registration form and the setup form share one phone rule', () => {
    const form = { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com', password: 'Str0ng#Pass', companyName: 'Iron Inns', bio: 'x'.repeat(60), agreeToTerms: true };
    for (const phone of ['+44 20 7946 0958', '+1 (415) 555-1234', '4155551234']) {
      expect(providerRegistrationForm.safeParse({ ...form, phoneNumber: phone }).success, phone).toBe(true);
      expect(providerSetupRequest.safeParse({ companyName: 'Iron Inns', phoneNumber: phone }).success, phone).toBe(true);
    }
    for (const phone of ['0123456789', 'call me', '+1', '+1234567890123456']) {
      expect(firstMessage(providerRegistrationForm.safeParse({ ...form, phoneNumber: phone })), phone).toBe(messages.internationalPhone);
      expect(firstMessage(providerSetupRequest.safeParse({ companyName: 'Iron Inns', phoneNumber: phone })), phone).toBe(messages.internationalPhone);
    }
  });
});

describe('password rule (one definition for the server and the checklist)', () => {
  it('accepts any non-alphanumeric character as the special one', () => {
    for (const password of ['Str0ng#Pass', 'Str0ng-Pass', 'Str0ng_Pass', 'Str0ng.Pass', 'Str0ng Pass', 'Str0ng€Pass', 'Str0ng!Pass']) {
      expect(registerRequest.safeParse({ email: 'a@b.co', password, firstName: 'A', lastName: 'B' }).success, password).toBe(true);
      expect(resetPasswordForm.safeParse({ password, confirmPassword: password }).success, password).toBe(true);
    }
    expect(firstMessage(registerRequest.safeParse({ email: 'a@b.co', password: 'Str0ngPass1', firstName: 'A', lastName: 'B' }))).toBe(messages.passwordStrength);
  });

  it('a password the checklist ticks in full is exactly one the server accepts', () => {
    for (const password of ['Str0ng#Pass', 'weakpass', 'NoDigits!!', 'alllowercase1!', 'NoSpecial123', 'Sh0rt!', 'Ab1!Ab1!']) {
      const ticked = passwordRequirements.every((rule) => rule.pattern.test(password));
      expect(registerRequest.safeParse({ email: 'a@b.co', password, firstName: 'A', lastName: 'B' }).success, password).toBe(ticked);
    }
  });
});

describe('registration and reset rules', () => {
  it('registration uses the spec messages', () => {
    expect(firstMessage(registerRequest.safeParse({ email: 'nope', password: 'Str0ng!Pass', firstName: 'A', lastName: 'B' }))).toBe(messages.email);
    expect(firstMessage(registerRequest.safeParse({ email: 'a@b.co', password: 'S!1a', firstName: 'A', lastName: 'B' }))).toBe(messages.passwordMin);
    expect(firstMessage(registerRequest.safeParse({ email: 'a@b.co', password: 'Str0ngPass', firstName: 'A', lastName: 'B' }))).toBe(messages.passwordStrength);
    expect(firstMessage(registerRequest.safeParse({ email: 'a@b.co', password: 'Str0ng!Pass', firstName: '  ', lastName: 'B' }))).toBe(messages.firstNameRequired);
    expect(firstMessage(registerRequest.safeParse({ email: 'a@b.co', password: 'Str0ng!Pass', firstName: 'A', lastName: 'x'.repeat(51) }))).toBe(messages.lastNameMax);
    expect(registerRequest.parse({ email: ' Ann@Example.COM ', password: 'Str0ng!Pass', firstName: ' Ann ', lastName: 'Lee' })).toMatchObject({ email: 'ann@example.com', firstName: 'Ann' });
  });

  it('names are letters (any script), spaces, hyphens and apostrophes, at most 50 characters', () => {
    const register = (firstName: string, lastName = 'Lee') => registerRequest.safeParse({ email: 'a@b.co', password: 'Str0ng!Pass', firstName, lastName });
    for (const name of ['Ann', 'Ana María', 'Jean-Luc', "D'Arcy", 'Zoë', 'Łukasz', '美咲', 'O’Neil', 'x'.repeat(50)]) expect(register(name).success, name).toBe(true);
    expect(register('Ana   María').data?.firstName).toBe('Ana María');
    for (const name of ['Your account is locked, visit evil.example', 'Visit https://evil.example', 'Ann<b>', 'R2D2', 'Ann\nBcc: x', '-Ann', 'Ann!']) {
      expect(firstMessage(register(name)), name).toBe(messages.firstNameLetters);
    }
    expect(firstMessage(register('Ann', 'Lee & Co'))).toBe(messages.lastNameLetters);
    expect(firstMessage(register('x'.repeat(51)))).toBe(messages.firstNameMax);
    // Profile setup and the provider registration form take the same rule.
    expect(firstMessage(setupProfileRequest.safeParse({ firstName: 'Call 0800 123' }))).toBe(messages.firstNameLetters);
    expect(setupProfileRequest.parse({ firstName: ' Ana María ' }).firstName).toBe('Ana María');
    expect(firstMessage(providerRegistrationForm.safeParse({ firstName: 'A', lastName: 'Lee' }))).toBe('First name must be at least 2 characters');
    expect(providerRegistrationForm.safeParse({ firstName: 'www.evil.example', lastName: 'Lee' }).error?.issues.find((i) => i.path[0] === 'firstName')?.message).toBe(messages.firstNameLetters);
  });

  it('reset applies the registration rule (not the old "6 characters") and needs matching passwords', () => {
    for (const schema of [resetPasswordRequest, resetPasswordForm]) {
      expect(firstMessage(schema.safeParse({ token: 't', password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }))).toBe(messages.passwordMin);
      expect(firstMessage(schema.safeParse({ token: 't', password: 'aaaaaa', confirmPassword: 'aaaaaa' }))).toBe(messages.passwordMin);
      expect(firstMessage(schema.safeParse({ token: 't', password: 'aaaaaaaa', confirmPassword: 'aaaaaaaa' }))).toBe(messages.passwordStrength);
      expect(schema.safeParse({ token: 't', password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' }).success).toBe(true);
    }
    expect(firstMessage(resetPasswordRequest.safeParse({ password: 'N3w!Passw0rd' }))).toBe(messages.resetTokenMissing);
    expect(firstMessage(resetPasswordRequest.safeParse({ token: 't', password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rdX' }))).toBe(messages.passwordsDontMatch);
    const mismatch = resetPasswordForm.safeParse({ password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rdX' });
    expect(mismatch.error?.issues[0]).toMatchObject({ message: messages.passwordsDontMatch, path: ['confirmPassword'] });
  });
});

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher({ memoryCost: 8 * 1024, timeCost: 1, parallelism: 1 });

  it('hashes with argon2id and verifies', async () => {
    const hash = await hasher.hash('Str0ng!Pass');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(hash, 'Str0ng!Pass')).toBe(true);
    expect(await hasher.verify(hash, 'wrong')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
    expect(new PasswordHasher({ memoryCost: 16 * 1024, timeCost: 2, parallelism: 1 }).needsRehash(hash)).toBe(true);
  });

  it('answers false for a missing or malformed hash', async () => {
    expect(await hasher.verify(undefined, 'Str0ng!Pass')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'Str0ng!Pass')).toBe(false);
  });
});
