import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList, serviceNames, type Endpoint, type ServiceName } from '@reproute/contracts';
import type { ServiceUnderTest, TestUser } from '@reproute/platform/testing/service-under-test';
import { identityUnderTest } from '../../../services/identity/test/routes/support.ts';
import { catalogUnderTest } from '../../../services/catalog/test/routes/support.ts';
import { engagementUnderTest } from '../../../services/engagement/test/routes/support.ts';
import { referralUnderTest } from '../../../services/referral/test/routes/support.ts';
import { analyticsUnderTest } from '../../../services/analytics/test/routes/support.ts';
import { webhooksUnderTest } from '../../../services/webhooks/test/routes/support.ts';

// Private answers are never stored by a cache: every endpoint of the contracts that is not public, served by
// its own service in-process, answers with Cache-Control: no-store, whoever asks (no token: 401; the wrong
// role: 403; the right one: its 2xx, or the 4xx its empty input earns). The endpoints come from the table.

const privateEndpoints = endpointList.filter((endpoint): endpoint is Endpoint & { access: 'signedIn' | 'provider' | 'admin' } => endpoint.access !== 'public');
const builders: Record<ServiceName, () => Promise<ServiceUnderTest<unknown>>> = {
  identity: () => identityUnderTest() as Promise<ServiceUnderTest<unknown>>,
  catalog: () => catalogUnderTest() as Promise<ServiceUnderTest<unknown>>,
  engagement: () => engagementUnderTest() as Promise<ServiceUnderTest<unknown>>,
  referral: () => referralUnderTest() as Promise<ServiceUnderTest<unknown>>,
  analytics: () => analyticsUnderTest() as Promise<ServiceUnderTest<unknown>>,
  webhooks: () => webhooksUnderTest() as Promise<ServiceUnderTest<unknown>>,
};
const services = new Map<ServiceName, ServiceUnderTest<unknown>>();

/** A value for each path parameter its schema accepts (an id, a UUID), so the call reaches the handler where it can. */
function pathOf(endpoint: Endpoint): string {
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const chosen: Record<string, string> = {};
  for (const name of names) {
    chosen[name] = ['1', '00000000-0000-4000-8000-00000000beef', 'x'].find((value) => {
      const parsed = endpoint.params?.safeParse({ ...chosen, [name]: value });
      return !parsed || parsed.success || !parsed.error.issues.some((issue) => issue.path[0] === name);
    })!;
  }
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => chosen[name]!);
}

async function call(endpoint: Endpoint, as?: TestUser) {
  const sut = services.get(endpoint.service)!;
  const res = await sut.inject({
    method: endpoint.method,
    url: pathOf(endpoint),
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
    ...(as ? { as } : {}),
  });
  return { status: res.statusCode, cacheControl: res.headers['cache-control'] };
}

beforeAll(async () => {
  // One service at a time: each makes a database of its own, and the machine's cores are shared.
  for (const name of serviceNames) services.set(name, await builders[name]());
}, 240_000);
afterAll(async () => {
  for (const sut of services.values()) await sut.close();
});

describe('every non-public endpoint, at its own service', () => {
  it('lists them from the contracts (signedIn, provider and admin, of every service)', () => {
    expect(new Set(privateEndpoints.map((endpoint) => endpoint.access))).toEqual(new Set(['signedIn', 'provider', 'admin']));
    expect(new Set(privateEndpoints.map((endpoint) => endpoint.service))).toEqual(new Set(serviceNames));
  });

  it('answers every caller with Cache-Control: no-store, its 2xx and its 4xx', async () => {
    const seen: { key: string; caller: string; status: number; cacheControl: unknown }[] = [];
    for (const endpoint of privateEndpoints) {
      const sut = services.get(endpoint.service)!;
      const right = await sut.signIn({ roles: endpoint.access === 'signedIn' ? ['traveller'] : ['traveller', endpoint.access] });
      const callers: [string, TestUser | undefined][] = [['nobody', undefined], ['the right role', right]];
      if (endpoint.access !== 'signedIn') callers.push(['the wrong role', await sut.asTraveller()]);
      for (const [caller, as] of callers) seen.push({ key: endpoint.key, caller, ...(await call(endpoint, as)) });
    }
    expect(seen.filter((answer) => answer.cacheControl !== 'no-store')).toEqual([]);
    // The refusals are the guard's own, and the right callers got answers of both kinds.
    expect(seen.filter((answer) => answer.caller === 'nobody' && answer.status !== 401)).toEqual([]);
    expect(seen.filter((answer) => answer.caller === 'the wrong role' && answer.status !== 403)).toEqual([]);
    const right = seen.filter((answer) => answer.caller === 'the right role');
    expect(right.filter((answer) => answer.status >= 200 && answer.status < 300).length).toBeGreaterThan(10);
    expect(right.filter((answer) => answer.status >= 400 && answer.status < 500).length).toBeGreaterThan(10);
  }, 120_000);

  it('marks an answer to a signed-in caller no-store on a public read too, and leaves a visitor\'s public', async () => {
    const catalog = services.get('catalog')!;
    const visitor = await catalog.inject({ method: 'GET', url: '/api/cities' });
    expect(visitor.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const signedIn = await catalog.inject({ method: 'GET', url: '/api/cities', as: await catalog.asTraveller() });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const unknown = await catalog.inject({ method: 'GET', url: '/api/nowhere', as: await catalog.asTraveller() });
    expect([unknown.statusCode, unknown.headers['cache-control']]).toEqual([404, 'no-store']);
  });
});
