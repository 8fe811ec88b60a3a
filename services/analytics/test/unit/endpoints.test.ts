import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from 'jose';
import { endpointList } from '@reproute/contracts';
import { createLogger, type ServiceContext } from '@reproute/platform';
import { platformRoutes, registeredRoutes } from '@reproute/platform/testing/routes';
import { buildApp } from '../../src/app.ts';
import { configSchema, type Config } from '../../src/config.ts';

// The app is only built, never asked to record or report: registering routes touches no database or Kafka.
let app: FastifyInstance;

beforeAll(async () => {
  const config = configSchema.parse({ DATABASE_URL: 'postgres://analytics@127.0.0.1:5432/reproute', SERVICE_NAME: 'analytics', PORT: '4005', DB_SCHEMA: 'analytics' });
  const ctx = { config, logger: createLogger('test', 'silent') } as unknown as ServiceContext<Config>;
  const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  app = await buildApp(ctx, { key: publicKey });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const analyticsEndpoints = endpointList.filter((endpoint) => endpoint.service === 'analytics');

describe('analytics endpoints', () => {
  it('registers exactly the endpoints contracts/ defines for analytics, nothing more', () => {
    const defined = analyticsEndpoints.map((endpoint) => endpoint.key).sort();
    const served = registeredRoutes(app).filter((route) => !(platformRoutes as readonly string[]).includes(route));
    // A route under another route's path (/api/analytics/batch under /api/analytics) is read whole.
    expect(defined).toEqual(expect.arrayContaining(['POST /api/analytics', 'POST /api/analytics/batch', 'GET /api/analytics/summary', 'GET /api/admin/analytics/summary']));
    expect(served.sort()).toEqual(defined);
  });

  it('documents every endpoint with its success answers: 202 for the recording calls', () => {
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    for (const endpoint of analyticsEndpoints) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.key).toBeDefined();
      for (const status of Object.keys(endpoint.responses)) expect(operation!.responses[status], `${endpoint.key} ${status}`).toBeDefined();
    }
    expect(Object.keys(document.paths['/api/analytics']!.post!.responses)).toContain('202');
    expect(Object.keys(document.paths['/api/analytics/batch']!.post!.responses)).toContain('202');
  });

  it('refuses a caller without a token before judging the query', async () => {
    for (const url of ['/api/analytics/summary?days=0', '/api/admin/analytics/summary?days=x', '/api/provider/analytics?range=5', '/api/provider/insights']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('answers a bad recording body 400 with the schema\'s message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/analytics/batch', payload: { pageViews: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'sessionId is required' });
  });

  it('reads a sendBeacon text/plain body with the platform\'s hardened JSON parser: NUL, deep nesting and bad JSON are 400 before any handler', async () => {
    const send = (payload: string) => app.inject({ method: 'POST', url: '/api/analytics', headers: { 'content-type': 'text/plain' }, payload });
    expect((await send('{"type":"page_view","data":{"page":"/\\u0000"}}')).json()).toMatchObject({ statusCode: 400, message: 'Text must not contain NUL characters' });
    expect((await send(`${'['.repeat(100)}${']'.repeat(100)}`)).json().message).toMatch(/nested too deeply/);
    expect((await send('{"type":')).json()).toMatchObject({ statusCode: 400, message: 'The request body is not valid JSON' });
  });
});
