import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { defineEndpoints, rawAnswer } from '@reproute/contracts';
import { createHttpApp } from '../../src/http.ts';
import { authPlugin } from '../../src/auth.ts';
import { createLogger } from '../../src/logger.ts';
import { serveEndpoint } from '../../src/endpoints.ts';

const issuer = 'reproute-identity';
let app: FastifyInstance;
let privateKey: CryptoKey;

const widget = z.object({ id: z.number().int(), name: z.string() });
const testEndpoints = defineEndpoints('catalog', {
  'GET /api/widgets/:id': { access: 'public', summary: 'One widget', params: z.object({ id: z.coerce.number().int().positive() }), responses: { 200: widget }, publicRead: true },
  'POST /api/widgets': { access: 'admin', summary: 'Make a widget', body: z.object({ name: z.string().min(1, 'Name is required') }), responses: { 201: widget } },
  'GET /api/widgets/:id/broken': { access: 'signedIn', summary: 'An answer that breaks its schema', params: z.object({ id: z.string() }), responses: { 200: widget } },
  'DELETE /api/widgets/:id': { access: 'provider', summary: 'Remove a widget', params: z.object({ id: z.string() }), responses: { 204: null } },
  'GET /api/widgets.csv': { access: 'public', summary: 'Widgets as CSV', responses: { 200: rawAnswer('text/csv; charset=utf-8', 'Every widget') } },
});

async function token(roles: string[]) {
  return new SignJWT({ email: 'a@example.com', roles, jti: `jti-${roles.join('-')}` })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject('00000000-0000-4000-8000-000000000003')
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}
const bearer = async (roles: string[]) => ({ authorization: `Bearer ${await token(roles)}` });

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  privateKey = pair.privateKey as CryptoKey;
  app = createHttpApp({ logger: createLogger('test', 'silent'), shedding: false });
  await app.register(authPlugin, { key: pair.publicKey, issuer });
  await app.register(async (scope) => {
    // The stored row carries a field the answer schema does not name: it must not leave.
    serveEndpoint(scope, testEndpoints['GET /api/widgets/:id'], async (request) => ({ id: request.params.id, name: 'Rack', secretNote: 'internal' }) as { id: number; name: string });
    serveEndpoint(scope, testEndpoints['POST /api/widgets'], async (request) => ({ id: 7, name: request.body.name }));
    serveEndpoint(scope, testEndpoints['GET /api/widgets/:id/broken'], async () => ({ id: 'seven', name: 3 }) as unknown as { id: number; name: string });
    serveEndpoint(scope, testEndpoints['DELETE /api/widgets/:id'], async (_request, reply) => reply.status(204).send());
    serveEndpoint(scope, testEndpoints['GET /api/widgets.csv'], async (_request, reply) => reply.header('content-type', 'text/csv; charset=utf-8').send('id,name\r\n7,Rack\r\n'));
  });
  await app.ready();
});
afterAll(() => app.close());

describe('serveEndpoint', () => {
  it('serializes the answer through its schema: a field the schema does not name never leaves', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/widgets/5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 5, name: 'Rack' });
    expect(res.body).not.toContain('secretNote');
  });

  it('keeps the public-read caching headers the definition asks for', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/widgets/5' });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(res.headers.etag).toBeTruthy();
  });

  it('validates params with the schema: a bad id is 400, never a 5xx', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/widgets/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('sends a returned answer with the endpoint\'s declared success status', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/widgets', headers: await bearer(['admin']), payload: { name: 'Bench' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 7, name: 'Bench' });
  });

  it('judges who may call before what is sent: 401 without a token, 403 without the role, even for a bad body', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/widgets', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const traveller = await app.inject({ method: 'POST', url: '/api/widgets', headers: await bearer(['traveller']), payload: {} });
    expect(traveller.statusCode).toBe(403);
    const admin = await app.inject({ method: 'POST', url: '/api/widgets', headers: await bearer(['admin']), payload: { name: '' } });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe('Name is required');
    const provider = await app.inject({ method: 'DELETE', url: '/api/widgets/1', headers: await bearer(['provider']) });
    expect(provider.statusCode).toBe(204);
    expect(provider.body).toBe('');
  });

  it('answers 500 without the data when an answer breaks its schema (a bug, never shown to the caller)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/widgets/1/broken', headers: await bearer(['traveller']) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ statusCode: 500, message: 'Something went wrong. Please try again.' });
    expect(res.body).not.toContain('seven');
  });

  it('passes a raw answer through with its own content type', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/widgets.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('id,name\r\n7,Rack\r\n');
  });

  it('declares every request and answer in the OpenAPI document, with the bearer scheme for signed-in calls', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const post = doc.paths['/api/widgets'].post;
    expect(post.requestBody.content['application/json'].schema.properties.name).toBeTruthy();
    expect(Object.keys(post.responses)).toEqual(['201', '4XX', '5XX']);
    expect(post.responses['201'].content['application/json'].schema.required).toEqual(['id', 'name']);
    expect(post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/widgets/{id}'].get.security).toBeUndefined();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths['/api/widgets.csv'].get.responses['200'].content)).toEqual(['text/csv; charset=utf-8']);
  });
});
