import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookMessages } from '@reproute/contracts';
import { checkWebhookUrl, isPrivateAddress } from '../../src/domain/addresses.ts';
import { newWebhookSecret, signature, signedHeaders } from '../../src/domain/signing.ts';
import { isDelivered, responseExcerpt, retryDelayMs } from '../../src/domain/schedule.ts';
import { checkDeliverySafety } from '../../src/config.ts';

// The rules of webhook delivery that need no network: signatures as Standard Webhooks computes them (an
// independent computation here, from the spec's text), which addresses are refused, backoff and what counts as delivered.

describe('signatures', () => {
  it('signs "id.timestamp.body" with HMAC-SHA256 under the base64 key after whsec_, as v1,<base64>', () => {
    const key = Buffer.from('a key of thirty-two bytes, exact');
    const secret = `whsec_${key.toString('base64')}`;
    const body = '{"type":"lead.created","timestamp":"2026-12-01T00:00:00.000Z","data":{}}';
    const expected = createHmac('sha256', key).update(`msg_1.1764547200.${body}`).digest('base64');
    expect(signature(secret, 'msg_1', 1764547200, body)).toBe(`v1,${expected}`);
  });

  it('puts one signature per secret in webhook-signature, space-separated, the current one first', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([current, previous], 'msg_2', 1764547200, '{}');
    expect(headers['webhook-id']).toBe('msg_2');
    expect(headers['webhook-timestamp']).toBe('1764547200');
    expect(headers['webhook-signature']).toBe(`${signature(current, 'msg_2', 1764547200, '{}')} ${signature(previous, 'msg_2', 1764547200, '{}')}`);
  });

  it('makes secrets of 32 random bytes, never the same twice', () => {
    const secrets = new Set(Array.from({ length: 50 }, newWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const s of secrets) expect(Buffer.from(s.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });
});

describe('addresses', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and their IPv6 forms; allows public ones', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      expect({ address, refused: isPrivateAddress(address) }).toEqual({ address, refused: true });
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect({ address, refused: isPrivateAddress(address) }).toEqual({ address, refused: false });
    }
  });

  const strict = { allowPrivate: false, allowHttp: false };
  it('refuses a name any of whose addresses is private (one public, one private included)', async () => {
    const resolve = async (host: string) => (host === 'mixed.example' ? ['93.184.216.34', '10.0.0.5'] : ['93.184.216.34']);
    expect(await checkWebhookUrl('https://mixed.example/hook', strict, resolve)).toEqual({ ok: false, message: webhookMessages.urlPrivate });
    expect((await checkWebhookUrl('https://crm.example/hook', strict, resolve)).ok).toBe(true);
    expect(await checkWebhookUrl('http://crm.example/hook', strict, resolve)).toEqual({ ok: false, message: webhookMessages.urlNotHttps });
    expect((await checkWebhookUrl('http://crm.example/hook', { allowPrivate: false, allowHttp: true }, resolve)).ok).toBe(true);
    expect(await checkWebhookUrl('https://gone.example/hook', strict, async () => Promise.reject(new Error('ENOTFOUND')))).toEqual({ ok: false, message: webhookMessages.urlUnresolvable });
    expect((await checkWebhookUrl('https://10.0.0.5/hook', { allowPrivate: true, allowHttp: false })).ok).toBe(true);
  });

  it('lets neither allowance be set in production', () => {
    expect(() => checkDeliverySafety({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: true, WEBHOOK_ALLOW_HTTP: false })).toThrow(/WEBHOOK_ALLOW_PRIVATE_ADDRESSES/);
    expect(() => checkDeliverySafety({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false, WEBHOOK_ALLOW_HTTP: true })).toThrow(/WEBHOOK_ALLOW_HTTP/);
    expect(() => checkDeliverySafety({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false, WEBHOOK_ALLOW_HTTP: false })).not.toThrow();
    expect(() => checkDeliverySafety({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: true, WEBHOOK_ALLOW_HTTP: true })).not.toThrow();
  });
});

describe('retries', () => {
  it('waits base, 2×, 4×, … up to the cap; by default at least a day of tries', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12, 30_000, 3_600_000)).toBe(3_600_000);
    let elapsed = 0;
    let tries = 0;
    while (elapsed < 93_600_000) elapsed += retryDelayMs(++tries, 30_000, 3_600_000);
    expect(elapsed).toBeGreaterThanOrEqual(24 * 3_600_000);
  });

  it('counts 2xx only as delivered (a redirect is not followed and fails)', () => {
    expect([200, 204, 299].map(isDelivered)).toEqual([true, true, true]);
    expect([null, 199, 301, 302, 400, 500].map(isDelivered)).toEqual([false, false, false, false, false, false]);
  });

  it('keeps the start of an answer, without control characters', () => {
    expect(responseExcerpt('ok\u0000\u0007 fine', 500)).toBe('ok fine');
    expect(responseExcerpt('x'.repeat(600), 500)).toHaveLength(500);
    expect(responseExcerpt('   ', 500)).toBeNull();
  });
});
