import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHttpApp } from '../../src/http.ts';
import { createLogger } from '../../src/logger.ts';
import { badRequest } from '../../src/errors.ts';
import { acceptedRequestId, requestIdFrom } from '../../src/request-id.ts';

// A caller's X-Request-Id is echoed (answer header, error bodies, logs, the next hop): only a plain token is kept.
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const refused = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'a b', 'id\u00e9', 'a'.repeat(65), '', 'x;y', 'a/b', '%3Cscript%3E'];
const kept = ['abc', 'A-Z_0.9', 'a'.repeat(64), '0c8e3a8e-7a34-4c1e-9a51-27f1d5a0c2b7', '1'];

let app: FastifyInstance;
beforeAll(async () => {
  app = createHttpApp({ logger: createLogger('test', 'silent') });
  app.get('/bad', async () => {
    throw badRequest('Nope');
  });
  app.get('/ok', async (request) => ({ id: request.id }));
  await app.ready();
});
afterAll(() => app.close());

describe('request ids', () => {
  it.each(refused)('never adopts %j: a new id in the header, the error body and the request', async (sent) => {
    for (const url of ['/bad', '/ok', '/nowhere']) {
      const res = await app.inject({ url, headers: { 'x-request-id': sent } });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(uuid);
      expect(res.body).not.toContain(sent || '"requestId":""');
      const body = res.json();
      expect(body.requestId ?? body.id).toBe(id);
    }
  });

  it.each(kept)('keeps %j, a plain token of up to 64 characters', async (sent) => {
    const res = await app.inject({ url: '/bad', headers: { 'x-request-id': sent } });
    expect(res.headers['x-request-id']).toBe(sent);
    expect(res.json().requestId).toBe(sent);
  });

  it('makes one when none is sent, or when the header is sent twice', async () => {
    expect((await app.inject({ url: '/ok' })).headers['x-request-id']).toMatch(uuid);
    expect(requestIdFrom({ 'x-request-id': ['abc', 'def'] as unknown as string })).toMatch(uuid);
  });

  it('accepts exactly [A-Za-z0-9._-]{1,64}', () => {
    for (const sent of kept) expect(acceptedRequestId.test(sent)).toBe(true);
    for (const sent of [...refused, 'abc\n', 'abc\r\nX-Evil: 1']) expect(acceptedRequestId.test(sent)).toBe(false);
  });
});
