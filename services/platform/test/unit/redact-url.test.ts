import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl } from '../../src/logger.ts';

describe('redactUrl', () => {
  it('drops the query of the reset page and call, masks a token parameter anywhere, leaves the rest', () => {
    expect(redactUrl('/reset-password?token=abc123')).toBe('/reset-password?[redacted]');
    expect(redactUrl('/api/reset-password?token=abc&x=1')).toBe('/api/reset-password?[redacted]');
    expect(redactUrl('/somewhere?a=1&token=abc&resetToken=def&b=2')).toBe('/somewhere?a=1&token=[redacted]&resetToken=[redacted]&b=2');
    expect(redactUrl('/search?query=London&eq=sauna')).toBe('/search?query=London&eq=sauna');
    expect(redactUrl('/reset-password')).toBe('/reset-password');
    // The email verification page's link carries a single-use token the same way.
    expect(redactUrl('/verify-email?token=abc123&utm=x')).toBe('/verify-email?[redacted]');
    expect(redactUrl('/api/auth/verify-email?token=abc')).toBe('/api/auth/verify-email?token=[redacted]');
  });

  it("is applied to every request line Fastify logs", () => {
    const lines: string[] = [];
    const logger = createLogger('test', 'info', new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done(); } }));
    logger.info({ req: { method: 'GET', url: '/reset-password?token=s3cret', ip: '127.0.0.1' } }, 'incoming request');
    expect(lines.join('')).not.toContain('s3cret');
    expect(JSON.parse(lines[0]!).req.url).toBe('/reset-password?[redacted]');
  });
});
