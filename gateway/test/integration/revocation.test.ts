import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ServiceName } from '@reproute/contracts';
import { api, emailsTo, registerTraveller, stack, waitForEmail } from '@reproute/platform/testing';

// A logout or a password reset ends a token everywhere: at the gateway under any spelling of a
// path, and at every service's own port (each keeps a local revocation list fed through Redis).

/** One signed-in call per service, each answering 401 without a valid token. */
const protectedCalls: { service: ServiceName; path: string }[] = [
  { service: 'identity', path: '/api/auth/me' },
  { service: 'catalog', path: '/api/provider/hotels' },
  { service: 'engagement', path: '/api/favorites' },
  { service: 'referral', path: '/api/provider/leads' },
  { service: 'analytics', path: '/api/provider/analytics' },
];

/** A request sent with its path exactly as written (fetch would normalize dot segments away). */
function rawGet(pathAsWritten: string, token: string, port = 8080) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAsWritten, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function newProvider() {
  const traveller = await registerTraveller({ firstName: 'Revoked' });
  const setup = await api('POST', '/api/provider/setup', { token: traveller.token, body: { companyName: 'Revocation Hotels', phoneNumber: '+12125550199' } });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  return { ...traveller, token: setup.body.token as string };
}

/** Every place the token could be used, each service's own port and the gateway, with the call that asks it. */
const places = (token: string) =>
  protectedCalls.flatMap(({ service, path }) => [
    [`${service}:${stack.servicePort(service)}`, () => api('GET', path, { token, base: stack.serviceUrl(service) })] as const,
    [`gateway ${path}`, () => api('GET', path, { token })] as const,
  ]);

/** Each place's answer to the token, asked one after another. */
async function statusesFor(token: string): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (const [place, ask] of places(token)) answers[place] = (await ask()).status;
  return answers;
}

const allRefused = (answers: Record<string, number>) => Object.values(answers).every((status) => status === 401);

/**
 * How late after `since` each place still let the token in: every place is asked on its own, a new request every
 * 50 ms whether or not the ones before it have answered (at most four in flight), until a refusal arrives. The
 * figure is when the last request that was let in had been sent (0 when none was): "a logout takes effect within a
 * second" means no request sent later than that is let in. When answers arrive is not in it: on a busy machine one
 * took 1.5 s to come back from identity, which checks Postgres, where the revocation was before the logout answered.
 */
async function lastLetInAfter(token: string, since: number, giveUpMs = 10_000): Promise<Record<string, number>> {
  const times = await Promise.all(
    places(token).map(
      ([place, ask]) =>
        new Promise<readonly [string, number]>((resolve, reject) => {
          let inFlight = 0;
          let done = false;
          let lastLetIn = 0;
          const stop = () => {
            done = true;
            clearInterval(timer);
          };
          const finish = (figure: number) => {
            if (done) return;
            stop();
            resolve([place, figure]);
          };
          const probe = () => {
            if (done) return;
            if (Date.now() - since > giveUpMs) return finish(Infinity);
            if (inFlight >= 4) return;
            inFlight += 1;
            const sentAt = Date.now() - since;
            ask().then(
              ({ status }) => {
                inFlight -= 1;
                if (status === 401) finish(lastLetIn);
                else lastLetIn = Math.max(lastLetIn, sentAt);
              },
              (err: unknown) => {
                stop();
                reject(err as Error);
              },
            );
          };
          const timer = setInterval(probe, 50);
          probe();
        }),
    ),
  );
  return Object.fromEntries(times);
}

/** The figures as a failure shows them: a place that never refused the token says so. */
const shown = (times: Record<string, number>) => JSON.stringify(times, (_key, value: unknown) => (value === Infinity ? 'never refused' : value));

/** Within a second everywhere: no request sent a second after the logout or the reset is let in. */
const withinASecond = 1_000;

describe('revocation everywhere', () => {
  it('a logout ends the token within a second at the gateway (any path spelling) and at every service port', async () => {
    const provider = await newProvider();
    const before = await statusesFor(provider.token);
    expect(Object.values(before).every((status) => status === 200), JSON.stringify(before)).toBe(true);

    expect((await api('POST', '/api/auth/logout', { token: provider.token })).status).toBe(204);
    const times = await lastLetInAfter(provider.token, Date.now());
    expect(Math.max(...Object.values(times)), shown(times)).toBeLessThan(withinASecond);
    expect(allRefused(await statusesFor(provider.token))).toBe(true);

    // Other spellings of the same routes reach the same screening.
    for (const spelling of ['/%61pi/provider/leads', '/api/provider/%6Ceads', '/api/./provider/leads', '/api/x/../provider/leads', '//api/provider/leads']) {
      expect(await rawGet(spelling, provider.token), spelling).toBe(401);
    }
    // A listing cannot be created with it, through the gateway or at catalog itself.
    const listing = { name: 'Never Listed', city: 'London', country: 'United Kingdom', description: 'x'.repeat(60) };
    expect((await api('POST', '/api/provider/hotels', { token: provider.token, body: listing })).status).toBe(401);
    expect((await api('POST', '/api/provider/hotels', { token: provider.token, body: listing, base: stack.serviceUrl('catalog') })).status).toBe(401);
  });

  it('a password reset ends every token issued before it, everywhere; a sign-in after it works', async () => {
    const provider = await newProvider();
    const second = await api('POST', '/api/auth/login', { body: { email: provider.email, password: provider.password } });
    expect(second.status).toBe(200);
    const tokens = [provider.token, second.body.token as string];

    const before = new Set((await emailsTo(provider.email)).map((e) => e.id));
    expect((await api('POST', '/api/forgot-password', { body: { email: provider.email } })).status).toBe(200);
    const mail = await waitForEmail((e) => !before.has(e.id) && e.to.some((t) => t.address === provider.email) && /reset/i.test(e.subject), 30_000);
    const resetToken = new URL(mail.text!.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0]).searchParams.get('token')!;
    const newPassword = 'N3w!Passw0rd';
    expect((await api('POST', '/api/reset-password', { body: { token: resetToken, password: newPassword, confirmPassword: newPassword } })).status).toBe(200);
    const resetAt = Date.now();

    for (const times of await Promise.all(tokens.map((token) => lastLetInAfter(token, resetAt)))) {
      expect(Math.max(...Object.values(times)), shown(times)).toBeLessThan(withinASecond);
    }
    // Signed in at once after the reset (the same second included): the new token works everywhere.
    const fresh = await api('POST', '/api/auth/login', { body: { email: provider.email, password: newPassword } });
    expect(fresh.status).toBe(200);
    const answers = await statusesFor(fresh.body.token);
    expect(Object.values(answers).every((status) => status === 200), JSON.stringify(answers)).toBe(true);
  });
});
