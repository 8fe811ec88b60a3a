import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressHeader, clientAddressSkewSeconds, screenForwarding, signClientAddress, vouchedClientAddress } from '../../src/client-address.ts';

const key = randomBytes(32);
const other = randomBytes(32);
const now = Date.UTC(2026, 11, 1, 12);
const request = (headers: http.IncomingHttpHeaders) => ({ headers: { ...headers } }) as http.IncomingMessage;

describe('client addresses the gateway vouches for', () => {
  it('opens what the gateway signed, IPv4 and IPv6', () => {
    for (const address of ['203.0.113.7', '2001:db8::1', '::ffff:127.0.0.1']) {
      expect(vouchedClientAddress(key, signClientAddress(key, address, now), now)).toBe(address);
    }
  });

  it('refuses another key, an altered address, a stale or future time, and malformed values', () => {
    const signed = signClientAddress(key, '203.0.113.7', now);
    expect(vouchedClientAddress(other, signed, now)).toBeUndefined();
    expect(vouchedClientAddress(key, signed.replace('203.0.113.7', '203.0.113.8'), now)).toBeUndefined();
    expect(vouchedClientAddress(key, signed, now + (clientAddressSkewSeconds + 1) * 1000)).toBeUndefined();
    expect(vouchedClientAddress(key, signed, now - (clientAddressSkewSeconds + 1) * 1000)).toBeUndefined();
    expect(vouchedClientAddress(key, signed, now + (clientAddressSkewSeconds - 1) * 1000)).toBe('203.0.113.7');
    for (const bad of ['', '203.0.113.7', `${signed};x`, signed.replace(/;[^;]*$/, ';'), `1;<script>;abc`, [signed, signed]]) {
      expect(vouchedClientAddress(key, bad, now)).toBeUndefined();
    }
  });

  it('reuses a signature within its second only, and a check found valid never vouches for an altered value', () => {
    const first = signClientAddress(key, '203.0.113.7', now);
    expect(signClientAddress(key, '203.0.113.7', now + 999)).toBe(first);
    const next = signClientAddress(key, '203.0.113.7', now + 1000);
    expect(next).not.toBe(first);
    expect(vouchedClientAddress(key, next, now + 1000)).toBe('203.0.113.7');
    expect(signClientAddress(other, '203.0.113.7', now + 1000)).not.toBe(next);
    // Checked once and found valid: the same value passes again, a changed signature or address does not.
    expect(vouchedClientAddress(key, first, now)).toBe('203.0.113.7');
    expect(vouchedClientAddress(key, first, now)).toBe('203.0.113.7');
    const flipped = first.slice(0, -1) + (first.endsWith('A') ? 'B' : 'A');
    expect(vouchedClientAddress(key, flipped, now)).toBeUndefined();
    expect(vouchedClientAddress(key, first.replace('203.0.113.7', '203.0.113.8'), now)).toBeUndefined();
    expect(vouchedClientAddress(other, first, now)).toBeUndefined();
    // Memoized or not, a value past the allowed skew is refused.
    expect(vouchedClientAddress(key, first, now + (clientAddressSkewSeconds + 1) * 1000)).toBeUndefined();
  });

  it('leaves only the vouched address as X-Forwarded-For, and none when unsigned', () => {
    const spoofed = { 'x-forwarded-for': '198.51.100.1, 10.0.0.1', forwarded: 'for=1.2.3.4', 'x-real-ip': '1.2.3.4', 'x-forwarded-host': 'evil.example' };
    const unsigned = request(spoofed);
    screenForwarding(unsigned, key);
    expect(unsigned.headers['x-forwarded-for']).toBeUndefined();
    expect(unsigned.headers.forwarded).toBeUndefined();
    expect(unsigned.headers['x-real-ip']).toBeUndefined();
    expect(unsigned.headers['x-forwarded-host']).toBeUndefined();

    const forged = request({ ...spoofed, [clientAddressHeader]: signClientAddress(other, '198.51.100.1') });
    screenForwarding(forged, key);
    expect(forged.headers['x-forwarded-for']).toBeUndefined();

    const signed = request({ ...spoofed, [clientAddressHeader]: signClientAddress(key, '203.0.113.7') });
    screenForwarding(signed, key);
    expect(signed.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(signed.headers[clientAddressHeader]).toBeUndefined();

    const keyless = request({ ...spoofed, [clientAddressHeader]: signClientAddress(key, '203.0.113.7') });
    screenForwarding(keyless, undefined);
    expect(keyless.headers['x-forwarded-for']).toBeUndefined();
  });
});
