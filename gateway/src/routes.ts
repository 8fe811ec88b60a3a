/**
 * Which service answers which path (DESIGN.md). The gateway proxies each prefix to its owner;
 * paths keep their /api form upstream, so a service can also be called directly.
 * More specific prefixes come first: /api/hotels/:hotelId/reviews belongs to engagement.
 */
export const serviceNames = ['identity', 'catalog', 'engagement', 'referral', 'analytics'] as const;
export type ServiceName = (typeof serviceNames)[number];

export const routeTable: { prefix: string; service: ServiceName }[] = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/provider/setup', service: 'identity' },
  { prefix: '/api/forgot-password', service: 'identity' },
  { prefix: '/api/reset-password', service: 'identity' },
  { prefix: '/.well-known/jwks.json', service: 'identity' },
  { prefix: '/api/hotels/:hotelId/reviews', service: 'engagement' },
  { prefix: '/api/hotels', service: 'catalog' },
  { prefix: '/api/cities', service: 'catalog' },
  { prefix: '/api/provider/hotels', service: 'catalog' },
  { prefix: '/api/admin/hotels', service: 'catalog' },
  { prefix: '/api/admin/reviews', service: 'engagement' },
  { prefix: '/images', service: 'catalog' },
  { prefix: '/api/favorites', service: 'engagement' },
  { prefix: '/api/reviews', service: 'engagement' },
  { prefix: '/api/contact', service: 'engagement' },
  { prefix: '/api/referral-clicks', service: 'referral' },
  { prefix: '/api/leads', service: 'referral' },
  // The proxy matches a prefix and the paths under it, so the export's own path needs its own entry.
  { prefix: '/api/provider/leads.csv', service: 'referral' },
  { prefix: '/api/provider/leads', service: 'referral' },
  { prefix: '/api/analytics', service: 'analytics' },
  { prefix: '/api/provider/analytics', service: 'analytics' },
  { prefix: '/api/provider/insights', service: 'analytics' },
  { prefix: '/api/admin/analytics', service: 'analytics' },
];

/** The owner of a path, by the same longest-prefix rule the router applies (used by tests and the docs). */
export function serviceForPath(path: string): ServiceName | undefined {
  const clean = path.split('?')[0] ?? path;
  for (const { prefix, service } of routeTable) {
    const pattern = new RegExp(`^${prefix.replace(/:[a-zA-Z]+/g, '[^/]+').replace(/\./g, '\\.')}(/|$)`);
    if (pattern.test(clean)) return service;
  }
  return undefined;
}
