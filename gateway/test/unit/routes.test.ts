import { describe, expect, it } from 'vitest';
import { routeTable, serviceForPath } from '../../src/routes.ts';

describe('route table', () => {
  it.each([
    ['/api/auth/login', 'identity'],
    ['/api/auth/me', 'identity'],
    ['/api/provider/setup', 'identity'],
    ['/api/forgot-password', 'identity'],
    ['/api/reset-password', 'identity'],
    ['/api/hotels', 'catalog'],
    ['/api/hotels/search?query=paris', 'catalog'],
    ['/api/hotels/the-ritz', 'catalog'],
    ['/api/hotels/12/reviews', 'engagement'],
    ['/api/cities', 'catalog'],
    ['/api/provider/hotels/3', 'catalog'],
    ['/api/favorites/4', 'engagement'],
    ['/api/reviews/abc/approve', 'engagement'],
    ['/api/contact', 'engagement'],
    ['/api/referral-clicks', 'referral'],
    ['/api/leads', 'referral'],
    ['/api/provider/leads', 'referral'],
    ['/api/provider/leads.csv', 'referral'],
    ['/api/provider/leads/11111111-1111-4111-8111-111111111111', 'referral'],
    ['/api/analytics/batch', 'analytics'],
    ['/api/provider/analytics', 'analytics'],
    ['/images/hotels/1.jpg', 'catalog'],
  ])('%s goes to %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it('does not claim paths no service owns', () => {
    expect(serviceForPath('/api/nothing')).toBeUndefined();
    expect(serviceForPath('/api/hotelsx')).toBeUndefined();
  });

  it('covers every call of both documents’ call tables', () => {
    const calls = [
      '/api/auth/me', '/api/auth/user', '/api/auth/login', '/api/auth/register', '/api/auth/setup-profile', '/api/provider/setup',
      '/api/favorites', '/api/referral-clicks', '/api/leads', '/api/hotels', '/api/forgot-password', '/api/reset-password',
      '/api/provider/hotels', '/api/provider/leads', '/api/cities', '/api/hotels/1/reviews', '/api/reviews/1/approve', '/api/reviews',
      '/api/contact', '/api/analytics', '/api/analytics/batch',
    ];
    for (const call of calls) expect(serviceForPath(call), call).toBeDefined();
    expect(new Set(routeTable.map((r) => r.prefix)).size).toBe(routeTable.length);
  });
});
