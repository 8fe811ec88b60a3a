import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@reproute/platform';
import { stack } from '@reproute/platform/testing';
import { testSigningKey } from '@reproute/platform/testing/service-under-test';
import { buildGateway } from '../../src/app.ts';
import { configSchema } from '../../src/config.ts';

/** Strict-Transport-Security: on answers over HTTPS only (the ingress in front says so), when configured. */
let redis: Redis;
const gateways: FastifyInstance[] = [];

async function gatewayWith(settings: Record<string, string>) {
  const key = await testSigningKey();
  const config = configSchema.parse({ FRONTEND_DIST: '/nonexistent', RATE_LIMIT_NAMESPACE: `ratelimit:hsts-${process.pid}-${Date.now()}:`, ...settings });
  const gateway = await buildGateway({ config, logger: createLogger('gateway-test', 'silent'), redis, key: key.publicKey, revocations: { ready: true, isRevoked: () => false } });
  gateways.push(gateway);
  return gateway;
}

beforeAll(() => {
  redis = new Redis(stack.redisUrl);
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.close();
  redis.disconnect();
});

describe('HSTS', () => {
  it('is sent over HTTPS with the configured max-age, never over plain HTTP', async () => {
    const gateway = await gatewayWith({ HSTS_MAX_AGE_SECONDS: '31536000', TRUST_PROXY: 'true' });
    const secure = await gateway.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await gateway.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when not configured, nor when a client claims HTTPS to a gateway that trusts no proxy', async () => {
    const off = await gatewayWith({ TRUST_PROXY: 'true' });
    expect((await off.inject({ method: 'GET', url: '/api/x', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    const untrusting = await gatewayWith({ HSTS_MAX_AGE_SECONDS: '600' });
    expect((await untrusting.inject({ method: 'GET', url: '/api/x', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });
});
