import { describe, expect, it } from 'vitest';
import { api, apiFrom, eventually, login, registerTraveller, runScript, seedAccounts, sleep, stack, uniqueClientAddress } from '@reproute/platform/testing';

// Redis stopped for ten seconds (it restarts from its append-only file). Signed-in requests
// must keep being answered as their caller (served from each process's local revocation list),
// quickly, and revocations must hold before, during and after the outage.
const run = (script: string, ...args: string[]) => runScript(script, args, { timeoutMs: 60_000 });

const signedInCalls = ['/api/auth/me', '/api/favorites'];
const refusedEverywhereCalls: [number, string][] = [
  [stack.servicePort('identity'), '/api/auth/me'],
  [stack.servicePort('engagement'), '/api/favorites'],
  [stack.servicePort('referral'), '/api/provider/leads'],
  [stack.servicePort('catalog'), '/api/provider/hotels'],
  [stack.servicePort('analytics'), '/api/provider/analytics'],
];

/** A call that must answer within a few seconds (never hang), with how long it took. */
async function timed(method: string, pathName: string, options: Parameters<typeof api>[2] = {}) {
  const started = Date.now();
  const res = await Promise.race([
    // A refused connection is a process restarting (other work shares this system): status 0.
    api(method, pathName, options).catch((err: Error & { cause?: { code?: string } }) => {
      if (err.cause?.code === 'ECONNREFUSED') return { status: 0, body: null, headers: new Headers() };
      throw err;
    }),
    sleep(5_000).then(() => {
      throw new Error(`${method} ${pathName} hung for 5 s`);
    }),
  ]);
  return { ...res, ms: Date.now() - started };
}

/** Refused at every service port and at the gateway (a port that does not answer, mid-restart, counts as not yet). */
async function timedFrom(address: string, method: string, pathName: string, options: { token?: string; body?: unknown }) {
  const started = Date.now();
  const res = await Promise.race([
    apiFrom(address, method, pathName, options).catch((err: Error & { code?: string }) => {
      if (err.code === 'ECONNREFUSED') return { status: 0, body: null, headers: new Headers() };
      throw err;
    }),
    sleep(5_000).then(() => {
      throw new Error(`${method} ${pathName} hung for 5 s`);
    }),
  ]);
  return { ...res, ms: Date.now() - started };
}

async function refusedEverywhere(token: string) {
  try {
    return await refusedAtEveryPort(token);
  } catch {
    return false;
  }
}

async function refusedAtEveryPort(token: string) {
  for (const [port, pathName] of refusedEverywhereCalls) {
    if ((await api('GET', pathName, { token, base: `http://127.0.0.1:${port}` })).status !== 401) return false;
    if ((await api('GET', pathName, { token })).status !== 401) return false;
  }
  return true;
}

describe('Redis outage', () => {
  it('signed-in requests are never served as anonymous or left hanging; revocations hold before, during and after', async () => {
    // Other work may be restarting a service: start with every one of them up.
    await eventually(async () => (await Promise.all((['identity', 'catalog', 'engagement', 'referral', 'analytics'] as const).map((name) => fetch(`${stack.serviceUrl(name)}/health/live`).then((r) => r.ok, () => false)))).every(Boolean) || undefined, 60_000, 'every service up');
    const traveller = await registerTraveller({ firstName: 'Outage' });
    const leaving = await registerTraveller({ firstName: 'Leaving' });
    const revokedBefore = await registerTraveller({ firstName: 'Gone' });
    const provider = await login(seedAccounts.provider.email, seedAccounts.provider.password);
    const owned = await api('GET', '/api/provider/hotels', { token: provider.token });
    const hotelId = (owned.body as { id: number; status: string }[]).find((hotel) => hotel.status === 'approved')!.id;
    expect((await api('POST', '/api/auth/logout', { token: revokedBefore.token })).status).toBe(204);
    await eventually(async () => (await refusedEverywhere(revokedBefore.token)) || undefined, 30_000, 'revoked before the outage');

    const marker = `redis-outage-${Date.now()}`;
    const leadClient = uniqueClientAddress();
    const leadIds: string[] = [];
    let slowest = 0;
    let served = 0;
    let loggedOutDuring = false;
    run('redis.sh', 'stop');
    try {
      const stoppedAt = Date.now();
      let round = 0;
      while (Date.now() - stoppedAt < 10_000) {
        for (const pathName of signedInCalls) {
          const res = await timed('GET', pathName, { token: traveller.token });
          // Served as the caller, or a fast 503 (a service restarting); never 401, never anonymous.
          expect([200, 503, 0], `${pathName} during the outage: ${JSON.stringify(res.body)}`).toContain(res.status);
          if (res.status === 200) served += 1;
          if (res.status === 200 && pathName === '/api/auth/me') expect(res.body.email).toBe(traveller.email);
          slowest = Math.max(slowest, res.ms);
        }
        const revoked = await timed('GET', '/api/favorites', { token: revokedBefore.token });
        expect([401, 503, 0], 'a token revoked before the outage').toContain(revoked.status);
        if (round % 3 === 0) {
          // From an address of its own, so the per-client lead limit other tests use up cannot interfere.
          const lead = await timedFrom(leadClient, 'POST', '/api/leads', {
            token: traveller.token,
            body: { shareContact: true, hotelId, userId: null, name: null, email: null, checkInDate: `2027-0${1 + (round % 9)}-0${1 + (round % 8)}`, checkOutDate: '2027-10-20', guests: 2, message: marker },
          });
          expect([201, 503, 0], JSON.stringify(lead.body)).toContain(lead.status);
          if (lead.status === 201) leadIds.push(lead.body.id);
        }
        if (!loggedOutDuring && Date.now() - stoppedAt > 3_000) {
          // Recorded in Postgres (identity refuses it at once); announced to every process when Redis is back.
          const out = await timed('POST', '/api/auth/logout', { token: leaving.token });
          if (out.status !== 0) {
            expect(out.status).toBe(204);
            expect((await timed('GET', '/api/auth/me', { token: leaving.token, base: stack.serviceUrl('identity') })).status).toBe(401);
            loggedOutDuring = true;
          }
        }
        round += 1;
        await sleep(500);
      }
    } finally {
      run('redis.sh', 'start');
    }
    const restartedAt = Date.now();
    expect(slowest).toBeLessThan(2_000);
    expect(served).toBeGreaterThan(10);
    expect(leadIds.length).toBeGreaterThan(0);
    expect(loggedOutDuring).toBe(true);

    // Every lead sent during the outage is the traveller's own, not an anonymous one.
    const leads = await api('GET', `/api/provider/leads?hotelId=${hotelId}&limit=100`, { token: provider.token });
    expect(leads.status).toBe(200);
    const items = (Array.isArray(leads.body) ? leads.body : leads.body.items) as { id: string; email: string | null }[];
    for (const id of leadIds) expect(items.find((lead) => lead.id === id)?.email, `lead ${id}`).toBe(traveller.email.toLowerCase());

    // Redis came back empty: identity rewrites it from Postgres and every process reloads.
    await eventually(async () => (await refusedEverywhere(leaving.token)) || undefined, 30_000, 'logout during the outage honoured everywhere');
    console.info(`logout made during the outage honoured everywhere ${Date.now() - restartedAt} ms after Redis restarted`);
    expect(await refusedEverywhere(revokedBefore.token)).toBe(true);
    for (const pathName of signedInCalls) expect((await api('GET', pathName, { token: traveller.token })).status).toBe(200);
  });
});
