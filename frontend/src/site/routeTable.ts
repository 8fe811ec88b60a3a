/**
 * The complete route table of document 1, section 2.1, with aliases and redirects: which screen each
 * address shows. The SPA's router is made from it (app/routes.tsx gives each screen its element), and so is
 * the pages' server's answer to an address (its status, and its head from the screen's page: pages.ts) and
 * the sitemap. Paths and screen names only, and pure functions: this is all of the site's tables the SPA's
 * entry takes.
 */

/** What the browser shows at a route: app/routes.tsx has one element for each. */
export type Screen =
  | 'home'
  | 'search'
  | 'hotel'
  | 'login'
  | 'register'
  | 'providerRegister'
  | 'forgotPassword'
  | 'resetPassword'
  | 'verifyEmail'
  | 'emailPreferences'
  | 'unsubscribe'
  | 'profileSetup'
  | 'providerSetup'
  | 'providerDashboard'
  | 'providerDashboardAlias'
  | 'providerJoin'
  | 'addListing'
  | 'addHotel'
  | 'editHotel'
  | 'profile'
  | 'favourites'
  | 'admin'
  | 'signOut'
  | 'writeReview'
  | 'businessTravel'
  | 'helpCenter'
  | 'privacyPolicy'
  | 'termsOfService'
  | 'partnerHotels'
  | 'contactUs'
  | 'cookiePreferences'
  | 'connectionError'
  | 'maintenance'
  | 'serverError'
  | 'notFound';

export interface AppRoute {
  /** As React Router takes it: `:name` is one segment, `*` any other path. */
  path: string;
  screen: Screen;
}

export const appRoutes: readonly AppRoute[] = [
  { path: '/', screen: 'home' },
  { path: '/home', screen: 'home' },
  { path: '/search', screen: 'search' },
  { path: '/hotels/:slug', screen: 'hotel' },
  { path: '/hotel/:id', screen: 'hotel' },
  { path: '/login', screen: 'login' },
  { path: '/register', screen: 'register' },
  { path: '/provider-register', screen: 'providerRegister' },
  { path: '/forgot-password', screen: 'forgotPassword' },
  { path: '/reset-password', screen: 'resetPassword' },
  { path: '/verify-email', screen: 'verifyEmail' },
  { path: '/email-preferences', screen: 'emailPreferences' },
  { path: '/unsubscribe', screen: 'unsubscribe' },
  { path: '/profile-setup', screen: 'profileSetup' },
  { path: '/provider/setup', screen: 'providerSetup' },
  { path: '/provider-setup', screen: 'providerSetup' },
  { path: '/provider/dashboard', screen: 'providerDashboard' },
  { path: '/provider-dashboard', screen: 'providerDashboardAlias' },
  { path: '/provider/join', screen: 'providerJoin' },
  { path: '/provider/listings/new', screen: 'addListing' },
  { path: '/add-hotel', screen: 'addHotel' },
  { path: '/edit-hotel/:id', screen: 'editHotel' },
  { path: '/profile', screen: 'profile' },
  { path: '/favourites', screen: 'favourites' },
  { path: '/favorites', screen: 'favourites' },
  { path: '/admin', screen: 'admin' },
  { path: '/sign-out', screen: 'signOut' },
  // The review page itself toasts "Authentication Required" and redirects visitors to /login.
  { path: '/write-review', screen: 'writeReview' },
  { path: '/write-review/:hotelId', screen: 'writeReview' },
  { path: '/business-travel', screen: 'businessTravel' },
  { path: '/help-center', screen: 'helpCenter' },
  { path: '/privacy-policy', screen: 'privacyPolicy' },
  { path: '/terms-of-service', screen: 'termsOfService' },
  { path: '/partner-hotels', screen: 'partnerHotels' },
  { path: '/contact-us', screen: 'contactUs' },
  { path: '/cookie-preferences', screen: 'cookiePreferences' },
  { path: '/connection-error', screen: 'connectionError' },
  { path: '/network-error', screen: 'connectionError' },
  { path: '/maintenance', screen: 'maintenance' },
  { path: '/server-error', screen: 'serverError' },
  { path: '*', screen: 'notFound' },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route's path as React Router matches it: case-insensitive, each `:param` one segment (captured). */
export function routePattern(path: string): RegExp {
  return new RegExp(`^${path.split('/').map((part) => (part.startsWith(':') ? '([^/]+)' : escapeRegExp(part))).join('/')}$`, 'i');
}

/** A request's path as the router sees it: the query left aside, a trailing slash ignored. */
export function routerPath(pathWithQuery: string): string {
  const raw = pathWithQuery.split('?')[0] ?? '/';
  return raw.length > 1 ? raw.replace(/\/+$/, '') || '/' : raw;
}

export interface MatchedRoute {
  route: AppRoute;
  /** The path as the router sees it (routerPath). */
  path: string;
  /** The route's `:params` in order, as they stand in the path (not decoded). */
  params: string[];
}

/** The table as the matcher reads it, made on first use (the SPA's entry never matches). */
let compiled: { fixed: Map<string, AppRoute>; withParams: { route: AppRoute; pattern: RegExp }[]; otherwise: AppRoute } | undefined;
function compiledTable(): NonNullable<typeof compiled> {
  compiled ??= {
    fixed: new Map(appRoutes.filter((route) => !/[:*]/.test(route.path)).map((route) => [route.path.toLowerCase(), route])),
    withParams: appRoutes.filter((route) => route.path.includes(':')).map((route) => ({ route, pattern: routePattern(route.path) })),
    otherwise: appRoutes.find((route) => route.path === '*')!,
  };
  return compiled;
}

/**
 * The route the SPA's router shows for a path (matched as React Router does: case-insensitive, a trailing
 * slash and the query ignored; a fixed path wins over one with a `:param`); `*` for any other path.
 */
export function matchRoute(pathWithQuery: string): MatchedRoute {
  const path = routerPath(pathWithQuery);
  const table = compiledTable();
  const fixed = table.fixed.get(path.toLowerCase());
  if (fixed) return { route: fixed, path, params: [] };
  for (const { route, pattern } of table.withParams) {
    const match = pattern.exec(path);
    if (match) return { route, path, params: match.slice(1) };
  }
  return { route: table.otherwise, path, params: [] };
}
