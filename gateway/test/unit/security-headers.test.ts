import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, isApiPath, securityHeaders } from '../../src/security-headers.ts';

describe('security headers', () => {
  it('computes helmet headers once, with the configured content security policy', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
      strictTransportSecurity: false,
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it("gives the API's answers a policy under which nothing loads or runs, and tells API addresses from pages", () => {
    expect(apiSecurityHeaders['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(apiSecurityHeaders['x-frame-options']).toBe('DENY');
    expect(Object.isFrozen(apiSecurityHeaders)).toBe(true);
    for (const url of ['/api', '/api/', '/api/hotels/1', '/api?x=1']) expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/apis', '/api-docs', '/hotels/1', '/images/a.webp']) expect(isApiPath(url), url).toBe(false);
  });
});
