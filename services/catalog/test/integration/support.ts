/**
 * Helpers for the catalog's integration tests, which talk to the running system through the
 * gateway (and to Kafka directly for the consumed events).
 */
import { api, login, registerTraveller, seedAccounts } from '@reproute/platform/testing';

import { listingBody, uniqueName } from '../listing-fixtures.ts';

export { listingBody, uniqueName };

export const seededProviderId = '00000000-0000-4000-8000-000000000002';

const tokens = new Map<string, Promise<string>>();

/** A token for a seeded account, signed in once per test file (login is rate limited). */
export function tokenFor(account: keyof typeof seedAccounts): Promise<string> {
  let token = tokens.get(account);
  if (!token) {
    token = login(seedAccounts[account].email, seedAccounts[account].password).then((answer) => answer.token);
    tokens.set(account, token);
  }
  return token;
}

/** A fresh user who completed provider setup: a second provider for ownership tests. */
export async function newProvider(): Promise<{ token: string; id: string; email: string }> {
  const traveller = await registerTraveller();
  const setup = await api<{ token: string; user: { id: string } }>('POST', '/api/provider/setup', {
    token: traveller.token,
    body: { companyName: 'Other Hotels Ltd', phoneNumber: '+442071234567' },
  });
  if (setup.status !== 200 && setup.status !== 201) throw new Error(`provider setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  return { token: setup.body.token, id: setup.body.user.id, email: traveller.email };
}


/** Hotels a test file created, deleted again in its afterAll so shared data stays the seed. */
export const createdHotelIds = new Set<number>();

export async function deleteCreatedHotels(): Promise<void> {
  const token = await tokenFor('admin');
  for (const id of createdHotelIds) await api('DELETE', `/api/hotels/${id}`, { token });
  createdHotelIds.clear();
}

/** Creates a hotel as admin (approved unless told otherwise) and returns its answer. */
export async function adminCreateHotel(overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/hotels', { token: await tokenFor('admin'), body: { ...listingBody(), ...overrides } });
  if (res.status !== 201) throw new Error(`admin create failed: ${res.status} ${JSON.stringify(res.body)}`);
  createdHotelIds.add(res.body.id);
  return res.body;
}
