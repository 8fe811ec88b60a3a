import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountExport,
  analyticsExport,
  assembleAccountExport,
  catalogExport,
  engagementExport,
  erasingServices,
  identityExport,
  messages,
  referralExport,
  type ServiceName,
} from '@reproute/contracts';
import { api, eventually, stack } from '@reproute/platform/testing';
import { accountThatDidEverything, admin, deletionFinished, deletionOf, isNamedLeftover, tracesInRedis, tracesInSchemas, type BusyAccount } from './account-support.ts';

/**
 * An account's data is its owner's, through the gateway and the running system: "Download my data" gathers every
 * service's part (each answers its own, no service reads another's schema), and "Delete my account" leaves nothing
 * of an account that did everything, in any schema, in Redis or in any search, but what docs/decisions.md names.
 */
let account: BusyAccount;

beforeAll(async () => {
  account = await accountThatDidEverything();
}, 120_000);

const parts = {
  identity: ['/api/auth/me/export', identityExport],
  catalog: ['/api/catalog/me/export', catalogExport],
  engagement: ['/api/engagement/me/export', engagementExport],
  referral: ['/api/referral/me/export', referralExport],
  analytics: ['/api/analytics/me/export', analyticsExport],
} as const;

async function downloadMyData(token: string) {
  const answers = await Promise.all(Object.values(parts).map(([path]) => api('GET', path, { token })));
  for (const [i, answer] of answers.entries()) expect(answer.status, Object.keys(parts)[i]).toBe(200);
  const [identity, catalog, engagement, referral, analytics] = Object.values(parts).map(([, schema], i) => schema.parse(answers[i]!.body));
  return accountExport.parse(JSON.parse(JSON.stringify(assembleAccountExport({ identity, catalog, engagement, referral, analytics } as never))));
}

describe('Download my data', () => {
  it('holds every service\'s part, each right, for an account that did everything', async () => {
    // The catalog matches the listing's approval against the account's saved search (its consumer of catalog.hotels).
    await eventually(async () => (await downloadMyData(account.token)).catalog.savedSearches[0]?.hotelsMatched.length === 1, 30_000, 'the saved search matched');
    // Engagement learns of the registration through identity.users.
    const file = await eventually(async () => {
      const assembled = await downloadMyData(account.token);
      return assembled.engagement.registeredAt && assembled.engagement.hotelsSentTo.length > 0 && assembled.analytics.total > 0 ? assembled : undefined;
    }, 30_000, 'every part complete');
    expect(file).toMatchObject({ format: 'reproute.account-export', version: 1, accountId: account.id });
    expect(file.identity.profile).toMatchObject({ id: account.id, email: account.email, firstName: account.firstName, lastName: account.lastName, companyName: account.companyName, isProvider: true, emailVerified: true });
    expect(file.identity.emailVerificationLinks).toEqual([expect.objectContaining({ email: account.email, purpose: 'verify', usedAt: expect.any(String) })]);
    expect(file.catalog.listings).toEqual([expect.objectContaining({ id: account.listing.id, name: account.listing.name, status: 'approved', contactEmail: account.email })]);
    expect(file.catalog.savedSearches).toEqual([
      expect.objectContaining({ id: account.savedSearchId, alerts: 'weekly', alertEmail: account.email, params: { query: account.listing.name }, hotelsMatched: [expect.objectContaining({ hotelId: account.listing.id, delivery: 'weekly' })] }),
    ]);
    expect(file.catalog.gymConfirmations).toEqual([expect.objectContaining({ hotelId: 1, as: 'traveller' })]);
    expect(file.catalog.gymReports).toEqual([expect.objectContaining({ kind: 'equipment', detail: 'The squat rack is gone', status: 'open' })]);
    expect(file.engagement.favorites.map((f) => f.hotelId).sort((a, b) => a - b)).toEqual([1, account.listing.id].sort((a, b) => a - b));
    expect(file.engagement.reviews).toEqual([expect.objectContaining({ id: account.reviewId, hotelId: 2, status: 'approved' })]);
    // Its click on hotel 1's booking link, as engagement keeps it for "Verified stay" marks.
    expect(file.engagement.hotelsSentTo).toEqual([{ hotelId: 1, firstSentAt: expect.any(String) }]);
    expect(file.engagement.contactMessages).toEqual([expect.objectContaining({ email: account.email })]);
    expect(file.referral.leads).toEqual([expect.objectContaining({ id: account.leadId, hotelId: 1, email: account.email, name: `${account.firstName} ${account.lastName}` })]);
    expect(file.referral.clicks).toEqual([expect.objectContaining({ id: account.clickId, hotelId: 1 })]);
    expect(file.analytics.events.map((e) => [e.kind, e.sessionId]).sort()).toEqual([
      ['page_view', account.sessionId],
      ['search', account.sessionId],
    ]);
    // Never a secret: no password hash, no token or link token.
    expect(JSON.stringify(file)).not.toMatch(/\$argon2|"token"|tokenHash|sealed/i);
  });
});

const protectedCalls: { service: ServiceName; path: string }[] = [
  { service: 'identity', path: '/api/auth/me' },
  { service: 'catalog', path: '/api/provider/hotels' },
  { service: 'engagement', path: '/api/favorites' },
  { service: 'referral', path: '/api/provider/leads' },
  { service: 'analytics', path: '/api/provider/analytics' },
];

describe('Delete my account', () => {
  it('ends the tokens at once, erases every service\'s part, and leaves only what the decisions name', async () => {
    // The saved search's match waits in Redis for the weekly digest (the notifier's copy, erased with the account too).
    await eventually(async () => (await tracesInRedis([account.email])).some((t) => t.place === `redis search-digest:${account.id} (hash)`), 30_000, 'the match kept for the digest');
    // The scan finds the account where it lives before (so an empty scan afterwards means something).
    const before = await eventually(async () => {
      const found = [...(await tracesInSchemas(account.needles)), ...(await tracesInRedis([account.email]))];
      const places = new Set(found.map((t) => t.place.replace(/^redis bull:email:.*/, 'redis email job')));
      return ['identity.users', 'catalog.hotels', 'engagement.favorites', 'engagement.reviews', 'engagement.contact_messages', 'referral.leads', 'referral.referral_clicks', 'analytics.raw_events', 'redis email job'].every((p) => places.has(p)) ? found : undefined;
    }, 30_000, 'the account found in every schema and in the email jobs');
    expect(before.length).toBeGreaterThan(10);
    expect(before.map((t) => t.place)).toContain('catalog.saved_searches');

    expect((await api('POST', '/api/auth/delete-account', { token: account.token, body: { currentPassword: 'Wr0ng!Pass1' } })).status).toBe(400);
    const asked = await api('POST', '/api/auth/delete-account', { token: account.token, body: { currentPassword: account.password } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    // Identity refuses the token at once; every other process within a second (the revocation lists).
    expect((await api('GET', '/api/auth/me', { token: account.token })).status).toBe(401);
    await eventually(async () => {
      const answers = await Promise.all(protectedCalls.flatMap(({ service, path }) => [api('GET', path, { token: account.token, base: stack.serviceUrl(service) }), api('GET', path, { token: account.token })]));
      return answers.every((a) => a.status === 401);
    }, 2_000, 'the token refused everywhere');

    // Until every service has reported, sign-in says the account is being deleted; afterwards the account is gone.
    // The deletion may finish while the sign-in is under way: its answer is checked against the state on both sides.
    const finishedBefore = Boolean((await deletionOf(account.id))?.finished_at);
    const signIn = await api('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
    const finishedAfter = Boolean((await deletionOf(account.id))?.finished_at);
    const beingDeleted = [403, messages.accountBeingDeleted];
    const gone = [401, messages.invalidCredentials];
    const answer = [signIn.status, signIn.body.message];
    if (finishedBefore) expect(answer).toEqual(gone);
    else if (!finishedAfter) expect(answer).toEqual(beingDeleted);
    else expect([beingDeleted, gone]).toContainEqual(answer);

    await deletionFinished(account.id);
    expect((await deletionOf(account.id))?.erased_by.sort()).toEqual([...erasingServices].sort());
    const after = await api('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
    expect([after.status, after.body.message]).toEqual([401, messages.invalidCredentials]);
    expect((await api('GET', '/api/auth/me', { token: account.token })).status).toBe(401);

    // Every schema, through each service's own role, and every Redis key: nothing but the named leftovers. The
    // catalog's last word on the listing (announced without its owner, then deleted) reaches the services' copies of
    // it through catalog.hotels, a moment after the catalog reported (analytics reads that topic in 1 s gathers).
    const scan = async () => [...(await tracesInSchemas(account.needles)), ...(await tracesInRedis(account.needles))];
    let traces = await scan();
    await eventually(async () => (traces = await scan()).every(isNamedLeftover), 15_000, 'nothing left but the named leftovers').catch(() => undefined);
    expect(traces.filter((t) => !isNamedLeftover(t))).toEqual([]);
    // The leftovers hold the account's id only: never its address or names.
    expect(traces.filter((t) => account.needles.slice(1).some((n) => t.text.includes(n.toLowerCase())))).toEqual([]);
  }, 120_000);

  it('leaves nothing to find: no search, page or admin list answers with the account', async () => {
    await deletionFinished(account.id);
    const adminToken = await admin();
    expect((await api('GET', `/api/hotels/${account.listing.id}`, { token: adminToken })).status).toBe(404);
    const search = await api('GET', `/api/hotels/search?query=${encodeURIComponent(account.listing.name)}`);
    expect(search.body.items.map((h: { id: number }) => h.id)).not.toContain(account.listing.id);
    for (const q of [account.email, account.firstName, account.lastName]) {
      expect((await api('GET', `/api/auth/admin/users?q=${encodeURIComponent(q)}`, { token: adminToken })).body.total, q).toBe(0);
      expect((await api('GET', `/api/admin/reviews?status=all&q=${encodeURIComponent(q)}`, { token: adminToken })).body.total, q).toBe(0);
    }
    expect((await api('GET', `/api/admin/hotels?q=${encodeURIComponent(account.email)}`, { token: adminToken })).body.total).toBe(0);
    // The published review stays for other travellers, by "Former member".
    const reviews = await api('GET', '/api/hotels/2/reviews');
    expect(reviews.body.find((r: { id: string }) => r.id === account.reviewId)).toMatchObject({ reviewer: { firstName: 'Former member', lastInitial: null } });
    const exported = JSON.stringify(reviews.body);
    for (const needle of account.needles) expect(exported).not.toContain(needle);
  });
});
