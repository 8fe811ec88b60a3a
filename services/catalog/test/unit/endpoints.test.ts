import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { endpointList, type HttpMethod } from '@reproute/contracts';
import { createLogger, type ServiceContext } from '@reproute/platform';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';

const catalogEndpoints = endpointList.filter((endpoint) => endpoint.service === 'catalog');
let app: FastifyInstance;

/** A path with its parameter names dropped (`/api/hotels/:id` → `/api/hotels/:`), as the router matches it. */
const shape = (url: string) => url.replace(/:[A-Za-z]+/g, ':');

/** The routes of an app as `METHOD /shape` (HEAD, added by Fastify for each GET, left out), read from its route tree: each node adds its segment to its parent's. */
function registeredRoutes(instance: FastifyInstance): Set<string> {
  const found = new Set<string>();
  const parents: string[] = [];
  for (const line of instance.printRoutes().split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    // One tree node may hold several parameter names (`:idOrSlug|:id`); its methods belong to any of them.
    const url = (parents[depth - 1] ?? '') + match[2]!.replace(/(:[A-Za-z]+\|)+/g, '');
    parents[depth] = url;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) found.add(`${method} ${shape(url)}`);
  }
  return found;
}

beforeAll(async () => {
  // The routes are registered and asked only for input the guards and schemas refuse: the store, the bus and the relay are never reached.
  const ctx = {
    config: { IDENTITY_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json', JWT_ISSUER: 'reproute-identity', PHOTO_STORAGE: 'local', PHOTOS_DIR: mkdtempSync(path.join(tmpdir(), 'catalog-photos-')) },
    logger: createLogger('test', 'silent'),
    pool: {},
    bus: {},
    relay: { nudge: () => undefined },
  } as unknown as ServiceContext<Config>;
  app = await buildApp(ctx);
  await app.ready();
});
afterAll(() => app.close());

describe('the catalog serves exactly its endpoint definitions', () => {
  it('defines its endpoints, the public reads among them', () => {
    expect(catalogEndpoints.length).toBeGreaterThanOrEqual(27);
    for (const key of ['GET /api/hotels', 'GET /api/hotels/search', 'GET /api/hotels/:idOrSlug', 'GET /api/cities']) {
      expect(catalogEndpoints.find((endpoint) => endpoint.key === key)?.publicRead, key).toBe(true);
    }
    expect(catalogEndpoints.find((endpoint) => endpoint.key === 'GET /api/sitemap-hotels')?.internal).toBe(true);
    expect(catalogEndpoints.find((endpoint) => endpoint.key === 'POST /api/provider/hotels/:id/photos')?.multipart).toBe(true);
  });

  it('registers every definition with its method and path', () => {
    for (const endpoint of catalogEndpoints) {
      expect(app.hasRoute({ method: endpoint.method as HttpMethod, url: endpoint.path }), endpoint.key).toBe(true);
    }
  });

  it('registers nothing under /api or /images that is not a definition', () => {
    const defined = new Set(catalogEndpoints.map((endpoint) => `${endpoint.method} ${shape(endpoint.path)}`));
    const served = [...registeredRoutes(app)];
    expect(served.length).toBeGreaterThanOrEqual(catalogEndpoints.length);
    const undefinedRoutes = served.filter((route) => /^\S+ \/(api|images)\//.test(route) && !defined.has(route));
    expect(undefinedRoutes).toEqual([]);
    for (const route of defined) expect(served, route).toContain(route);
  });

  it('judges access before input: 401 for a visitor on admin and provider endpoints, whatever the body', async () => {
    for (const endpoint of catalogEndpoints.filter((e) => e.access === 'admin' || e.access === 'provider')) {
      const url = endpoint.path.replace(/:[A-Za-z]+/g, '1');
      const res = await app.inject({ method: endpoint.method, url, ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: { nonsense: true } }) });
      expect(res.statusCode, endpoint.key).toBe(401);
    }
  });

  it('refuses a bad search with 400 and the schema\'s message before reaching the store', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/hotels/search?lat=10' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/point|lat/i);
  });
});
