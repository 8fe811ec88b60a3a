import { describe, expect, it } from 'vitest';
import { endpointList } from '@reproute/contracts';
import { checkAccess, type HttpError } from '@reproute/platform';
import { endpointFor, routedEndpoints, serviceForPath } from '../../src/routes.ts';

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
    ['/images/photos/abc.webp', 'catalog'],
    ['/images/review-photos/0123456789abcdef0123456789abcdef-800.webp', 'engagement'],
    ['/.well-known/jwks.json', 'identity'],
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
  });

  it('is the endpoint definitions: every one routed except the internal ones, each key once', () => {
    expect(routedEndpoints).toEqual(endpointList.filter((endpoint) => !endpoint.internal));
    expect(new Set(endpointList.map((endpoint) => endpoint.key)).size).toBe(endpointList.length);
    expect(serviceForPath('/api/sitemap-hotels')).toBeUndefined();
  });

  it('matches a static segment before a parameter, and the method', () => {
    expect(endpointFor('GET', '/api/hotels/search')?.key).toBe('GET /api/hotels/search');
    expect(endpointFor('GET', '/api/hotels/the-ritz')?.key).toBe('GET /api/hotels/:idOrSlug');
    expect(endpointFor('PUT', '/api/hotels/3')?.key).toBe('PUT /api/hotels/:id');
    expect(endpointFor('PATCH', '/api/hotels/3')).toBeUndefined();
  });
});

describe('access at the edge', () => {
  const status = (fn: () => void) => {
    try {
      fn();
      return 'allowed';
    } catch (error) {
      return (error as HttpError).statusCode;
    }
  };
  it.each([
    ['public', undefined, 'allowed'],
    ['signedIn', undefined, 401],
    ['signedIn', ['traveller'], 'allowed'],
    ['provider', undefined, 401],
    ['provider', ['traveller'], 403],
    ['provider', ['traveller', 'provider'], 'allowed'],
    ['admin', ['provider'], 403],
    ['admin', ['admin'], 'allowed'],
  ] as const)('%s with roles %j: %s', (access, roles, expected) => {
    expect(status(() => checkAccess(access, roles as never))).toBe(expected);
  });
});
