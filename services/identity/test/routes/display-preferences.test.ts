import { describe, expect, it } from 'vitest';
import { displayPreferenceMessages, identityExport } from '@reproute/contracts';
import { api, identityDb, password, register } from './support.ts';

const path = '/api/auth/me/display-preferences';
const read = (token: string) => api('GET', path, { token });
const put = (token: string, body: unknown) => api('PUT', path, { token, body });

describe('GET and PUT /api/auth/me/display-preferences', () => {
  it('answers the defaults until the traveller chooses; a change keeps what it leaves out', async () => {
    const account = await register('display');
    const first = await read(account.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ units: 'kg', currency: null, updatedAt: null });

    const pounds = await put(account.token, { units: 'LB' });
    expect(pounds.status).toBe(200);
    expect(pounds.body).toMatchObject({ units: 'lb', currency: null });
    expect(typeof pounds.body.updatedAt).toBe('string');

    const sterling = await put(account.token, { currency: 'gbp' });
    expect(sterling.body).toMatchObject({ units: 'lb', currency: 'GBP' });
    expect((await read(account.token)).body).toEqual(sterling.body);

    // null goes back to each hotel's own currency; units stay.
    const own = await put(account.token, { currency: null });
    expect(own.body).toMatchObject({ units: 'lb', currency: null });
    const { rows } = await identityDb.query('SELECT units, currency FROM display_preferences WHERE user_id = $1', [account.user.id]);
    expect(rows).toEqual([{ units: 'lb', currency: null }]);
  });

  it('keeps each account its own preferences', async () => {
    const one = await register('display-one');
    const two = await register('display-two');
    await put(one.token, { units: 'lb', currency: 'EUR' });
    expect((await read(two.token)).body).toEqual({ units: 'kg', currency: null, updatedAt: null });
  });

  it('refuses bad input with 400 and the message, changing nothing; a visitor with 401', async () => {
    const account = await register('display-bad');
    await put(account.token, { units: 'kg', currency: 'USD' });
    const before = (await read(account.token)).body;
    const cases: [unknown, string][] = [
      [{ units: 'stone' }, displayPreferenceMessages.unitsInvalid],
      [{ units: 3 }, displayPreferenceMessages.unitsInvalid],
      [{ currency: 'XYZ' }, displayPreferenceMessages.currencyInvalid],
      [{ currency: 'GBP', units: 'pounds' }, displayPreferenceMessages.unitsInvalid],
      [{}, displayPreferenceMessages.nothingToChange],
      [{ units: 'lb', theme: 'dark' }, displayPreferenceMessages.unknownField],
    ];
    for (const [body, message] of cases) {
      const res = await put(account.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await read(account.token)).body).toEqual(before);
    expect((await api('GET', path)).status).toBe(401);
    expect((await api('PUT', path, { body: { units: 'lb' } })).status).toBe(401);
  });

  it('are part of the export, and go with the account', async () => {
    const account = await register('display-export');
    const none = identityExport.parse((await api('GET', '/api/auth/me/export', { token: account.token })).body);
    expect(none.displayPreferences).toBeNull();
    await put(account.token, { units: 'lb', currency: 'JPY' });
    const part = identityExport.parse((await api('GET', '/api/auth/me/export', { token: account.token })).body);
    expect(part.displayPreferences).toMatchObject({ units: 'lb', currency: 'JPY' });

    // A deletion under way: the tokens have ended and the row cannot be written to any more.
    const deletion = await api('POST', '/api/auth/delete-account', { token: account.token, body: { currentPassword: password } });
    expect(deletion.status).toBe(202);
    expect((await put(account.token, { units: 'kg' })).status).toBe(401);
    // When the deletion finishes the account's row goes, and its preferences with it.
    await identityDb.query('DELETE FROM users WHERE id = $1', [account.user.id]);
    const { rows } = await identityDb.query('SELECT 1 FROM display_preferences WHERE user_id = $1', [account.user.id]);
    expect(rows).toEqual([]);
  });
});
