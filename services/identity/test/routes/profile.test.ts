import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { eventually } from '@reproute/platform/testing/service-under-test';
import { api, claimsOf, messageOf, outboxEventTypes, register } from './support.ts';

describe('POST /api/auth/setup-profile', () => {
  it('needs a signed-in user (401 before any validation)', async () => {
    const res = await api('POST', '/api/auth/setup-profile', { body: { isProvider: true } });
    expect(res.status).toBe(401);
    expect(messageOf(res)).toBe(messages.authRequired);
  });

  it('completes a traveller profile: country code defaults to +1, empty strings become absent, a fresh token comes back', async () => {
    const { token, user } = await register('profile');
    const res = await api('POST', '/api/auth/setup-profile', {
      token,
      body: { firstName: '', lastName: 'Walker', bio: '', isTraveler: true, isProvider: false, countryCode: '', phoneNumber: '', companyName: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: user.id,
      firstName: 'Ivy',
      lastName: 'Walker',
      bio: null,
      countryCode: '+1',
      phoneNumber: null,
      companyName: null,
      isTraveler: true,
      isProvider: false,
      profileSetupComplete: true,
    });
    expect(claimsOf(res.body.token)).toMatchObject({ sub: user.id, roles: ['traveller'], lastName: 'Walker' });
    expect((await api('GET', '/api/auth/me', { token: res.body.token })).body.profileSetupComplete).toBe(true);
    await eventually(async () => (await outboxEventTypes(user.id)).some((e) => e.type === 'user.profile_completed' && e.sent), 20_000, 'user.profile_completed published');
  });

  it('requires company name and phone for providers', async () => {
    const { token } = await register('profile-provider');
    for (const body of [{ isProvider: true }, { isProvider: true, companyName: 'Iron Inns' }, { isProvider: true, companyName: ' ', phoneNumber: '+442079460958' }]) {
      const res = await api('POST', '/api/auth/setup-profile', { token, body });
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe(messages.providerFieldsRequired);
    }
    const badPhone = await api('POST', '/api/auth/setup-profile', { token, body: { isProvider: true, companyName: 'Iron Inns', phoneNumber: 'call me' } });
    expect(badPhone.status).toBe(400);
    expect(messageOf(badPhone)).toBe(messages.internationalPhone);
    const tooLong = await api('POST', '/api/auth/setup-profile', { token, body: { firstName: 'x'.repeat(51) } });
    expect(messageOf(tooLong)).toBe(messages.firstNameMax);
  });

  it('makes a provider: flags, business details, a token with the provider role and user.became_provider', async () => {
    const { token, user } = await register('profile-provider-ok');
    const res = await api('POST', '/api/auth/setup-profile', {
      token,
      body: { isTraveler: true, isProvider: true, companyName: 'Iron Inns', countryCode: '+44', phoneNumber: '20 7946 0958', bio: 'We run gyms.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ isProvider: true, isTraveler: true, companyName: 'Iron Inns', countryCode: '+44', phoneNumber: '2079460958', bio: 'We run gyms.' });
    expect(claimsOf(res.body.token).roles).toEqual(['traveller', 'provider']);
    await eventually(
      async () => {
        const events = await outboxEventTypes(user.id);
        return ['user.registered', 'user.profile_completed', 'user.became_provider'].every((t) => events.some((e) => e.type === t && e.sent));
      },
      20_000,
      'profile events published',
    );
  });
});

describe('POST /api/provider/setup', () => {
  it('needs a signed-in user', async () => {
    const res = await api('POST', '/api/provider/setup', { body: { companyName: 'Iron Inns', phoneNumber: '+12125550123' } });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ companyName: 'A', phoneNumber: '+12125550123' }, messages.companyNameMin],
    [{ phoneNumber: '+12125550123' }, messages.companyNameMin],
    [{ companyName: 'Iron Inns', phoneNumber: '0123456789' }, messages.internationalPhone],
    [{ companyName: 'Iron Inns', phoneNumber: '+1' }, messages.internationalPhone],
    [{ companyName: 'Iron Inns', phoneNumber: '+1234567890123456' }, messages.internationalPhone],
    [{ companyName: 'Iron Inns' }, messages.internationalPhone],
  ])('refuses %j with "%s"', async (body, message) => {
    const { token } = await register('provider-invalid');
    const res = await api('POST', '/api/provider/setup', { token, body });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(message);
  });

  it('turns the account into a provider and answers { token, user, message }', async () => {
    const { token, user } = await register('provider-ok');
    const res = await api('POST', '/api/provider/setup', { token, body: { companyName: '  Summit Gyms  ', phoneNumber: '+1 (212) 555-0199' } });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.user).toMatchObject({ id: user.id, isProvider: true, companyName: 'Summit Gyms', countryCode: '+1', phoneNumber: '2125550199', profileSetupComplete: true });
    expect(claimsOf(res.body.token).roles).toEqual(['traveller', 'provider']);
    const me = await api('GET', '/api/auth/me', { token: res.body.token });
    expect(me.body).toMatchObject({ isProvider: true, companyName: 'Summit Gyms' });
    await eventually(async () => (await outboxEventTypes(user.id)).some((e) => e.type === 'user.became_provider' && e.sent), 20_000, 'user.became_provider published');
  });
});

describe('provider registration keeps what the partner typed', () => {
  const bio = 'Three hotels with proper strength gyms: racks, platforms and dumbbells to 50 kg.';

  it('keeps bio, company and a +44 phone as +44 and the national number (never "+1 +44…")', async () => {
    const { token, user } = await register('provider-keeps');
    const res = await api('POST', '/api/provider/setup', { token, body: { companyName: 'Iron Inns Ltd', phoneNumber: '+44 20 7946 0958', bio: `  ${bio}  ` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = { id: user.id, isProvider: true, companyName: 'Iron Inns Ltd', countryCode: '+44', phoneNumber: '2079460958', bio };
    expect(res.body.user).toMatchObject(expected);
    expect((await api('GET', '/api/auth/me', { token: res.body.token })).body).toMatchObject(expected);
  });

  it('a number without + keeps the chosen country code, and setup without a bio keeps the stored one', async () => {
    const { token } = await register('provider-plain');
    const first = await api('POST', '/api/provider/setup', { token, body: { companyName: 'Iron Inns', phoneNumber: '612345678', countryCode: '+33', bio } });
    expect(first.body.user).toMatchObject({ countryCode: '+33', phoneNumber: '612345678', bio });
    const again = await api('POST', '/api/provider/setup', { token: first.body.token, body: { companyName: 'Iron Inns', phoneNumber: '+353 1 234 5678' } });
    expect(again.body.user).toMatchObject({ countryCode: '+353', phoneNumber: '12345678', bio });
  });

  it('refuses a + number with nothing after its country code, and a bio over 1000 characters', async () => {
    const { token } = await register('provider-refused');
    const noNumber = await api('POST', '/api/provider/setup', { token, body: { companyName: 'Iron Inns', phoneNumber: '+353' } });
    expect(noNumber.status).toBe(400);
    expect(messageOf(noNumber)).toBe(messages.internationalPhone);
    const longBio = await api('POST', '/api/provider/setup', { token, body: { companyName: 'Iron Inns', phoneNumber: '+447700900123', bio: 'x'.repeat(1001) } });
    expect(longBio.status).toBe(400);
    expect(messageOf(longBio)).toBe('Bio must be less than 1000 characters');
  });
});
