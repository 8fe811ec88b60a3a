import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@reproute/contracts';
import { createLogger, type ServiceContext } from '@reproute/platform';
import { platformRoutes, registeredRoutes } from '@reproute/platform/testing/routes';
import { buildApp, type IdentityDeps } from '../../src/app.ts';
import { configSchema, type Config } from '../../src/config.ts';
import { TokenIssuer } from '../../src/domain/tokens.ts';
import { loadSigningKey } from '../../src/store/signing-key.ts';

// The app is only built, never asked to serve: registering routes touches no database, Redis or Kafka.
const logger = createLogger('test', 'silent');
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'identity-endpoints-'));
  const key = await loadSigningKey({ file: path.join(dir, 'signing.jwk'), logger });
  const config = configSchema.parse({ DATABASE_URL: 'postgres://identity@127.0.0.1:5432/reproute', SERVICE_NAME: 'identity', PORT: '4001', DB_SCHEMA: 'identity' });
  const ctx = { config, logger } as unknown as ServiceContext<Config>;
  const deps = { tokens: new TokenIssuer(key, { issuer: config.JWT_ISSUER, ttlSeconds: 60 }) } as unknown as IdentityDeps;
  app = await buildApp(ctx, deps);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const identityEndpoints = endpointList.filter((endpoint) => endpoint.service === 'identity');

describe('identity endpoints', () => {
  it('registers exactly the endpoints contracts/ defines for identity, nothing more', () => {
    const defined = identityEndpoints.map((endpoint) => endpoint.key).sort();
    const served = registeredRoutes(app).filter((route) => !(platformRoutes as readonly string[]).includes(route));
    expect(defined).toContain('GET /.well-known/jwks.json');
    expect(defined).toContain('GET /api/auth/me');
    expect(defined).toContain('GET /api/auth/user');
    expect(served.sort()).toEqual(defined);
  });

  it('documents every endpoint with its success answers, a 204 without a body', () => {
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>> };
    // An internal endpoint (a service asks it; the gateway never routes it) is left out of the public document.
    for (const endpoint of identityEndpoints.filter((e) => !e.internal)) {
      // The document writes a path's parameters OpenAPI's way: /api/organisation/members/{userId}.
      const operation = document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.key).toBeDefined();
      for (const status of Object.keys(endpoint.responses)) expect(operation!.responses[status], `${endpoint.key} ${status}`).toBeDefined();
    }
    expect(document.paths['/api/auth/logout']!.post!.responses['204']!.content).toBeUndefined();
    expect(document.paths['/internal/api-keys/verify'], 'internal endpoints are not documented').toBeUndefined();
  });

  it('publishes only the public half of the signing key, through the JWKS answer schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const [key, ...others] = res.json<{ keys: Record<string, unknown>[] }>().keys;
    expect(others).toEqual([]);
    expect(Object.keys(key!).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
  });

  it('refuses a caller without a token before judging the input', async () => {
    for (const url of ['/api/auth/me', '/api/auth/user']) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/provider/setup', payload: { companyName: '' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/admin/users?page=0' })).statusCode).toBe(401);
  });
});
