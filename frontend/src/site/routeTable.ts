import { pages, type PageDefinition } from './pages.ts';

/**
 * The complete route table of document 1, section 2.1, with aliases and redirects: which screen each
 * address shows and which page it is. The SPA's router is made from it (app/routes.tsx gives each screen
 * its element), and so is the pages' server's answer to an address (its status and head) and the sitemap.
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
  | 'profileSetup'
  | 'providerSetup'
  | 'providerDashboard'
  | 'providerDashboardAlias'
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
  /** The page shown; `'hotel'`: a hotel's page, its head made from the catalog's answer for the hotel the path names. */
  page: PageDefinition | 'hotel';
}

export const appRoutes: readonly AppRoute[] = [
  { path: '/', screen: 'home', page: pages.home },
  { path: '/home', screen: 'home', page: pages.home },
  { path: '/search', screen: 'search', page: pages.search },
  { path: '/hotels/:slug', screen: 'hotel', page: 'hotel' },
  { path: '/hotel/:id', screen: 'hotel', page: 'hotel' },
  { path: '/login', screen: 'login', page: pages.login },
  { path: '/register', screen: 'register', page: pages.register },
  { path: '/provider-register', screen: 'providerRegister', page: pages.providerRegister },
  { path: '/forgot-password', screen: 'forgotPassword', page: pages.forgotPassword },
  { path: '/reset-password', screen: 'resetPassword', page: pages.resetPassword },
  { path: '/verify-email', screen: 'verifyEmail', page: pages.verifyEmail },
  { path: '/profile-setup', screen: 'profileSetup', page: pages.profileSetup },
  { path: '/provider/setup', screen: 'providerSetup', page: pages.providerSetup },
  { path: '/provider-setup', screen: 'providerSetup', page: pages.providerSetup },
  { path: '/provider/dashboard', screen: 'providerDashboard', page: pages.providerDashboard },
  { path: '/provider-dashboard', screen: 'providerDashboardAlias', page: pages.providerDashboard },
  { path: '/provider/listings/new', screen: 'addListing', page: pages.addListing },
  { path: '/add-hotel', screen: 'addHotel', page: pages.addListing },
  { path: '/edit-hotel/:id', screen: 'editHotel', page: pages.editListing },
  { path: '/profile', screen: 'profile', page: pages.profile },
  { path: '/favourites', screen: 'favourites', page: pages.favourites },
  { path: '/favorites', screen: 'favourites', page: pages.favourites },
  { path: '/admin', screen: 'admin', page: pages.admin },
  { path: '/sign-out', screen: 'signOut', page: pages.signOut },
  // The review page itself toasts "Authentication Required" and redirects visitors to /login.
  { path: '/write-review', screen: 'writeReview', page: pages.writeReview },
  { path: '/write-review/:hotelId', screen: 'writeReview', page: pages.writeReview },
  { path: '/business-travel', screen: 'businessTravel', page: pages.businessTravel },
  { path: '/help-center', screen: 'helpCenter', page: pages.helpCenter },
  { path: '/privacy-policy', screen: 'privacyPolicy', page: pages.privacyPolicy },
  { path: '/terms-of-service', screen: 'termsOfService', page: pages.termsOfService },
  { path: '/partner-hotels', screen: 'partnerHotels', page: pages.partnerHotels },
  { path: '/contact-us', screen: 'contactUs', page: pages.contactUs },
  { path: '/cookie-preferences', screen: 'cookiePreferences', page: pages.cookiePreferences },
  { path: '/connection-error', screen: 'connectionError', page: pages.connectionError },
  { path: '/network-error', screen: 'connectionError', page: pages.connectionError },
  { path: '/maintenance', screen: 'maintenance', page: pages.maintenance },
  { path: '/server-error', screen: 'serverError', page: pages.serverError },
  { path: '*', screen: 'notFound', page: pages.notFound },
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

const fixedRoutes = new Map(appRoutes.filter((route) => !/[:*]/.test(route.path)).map((route) => [route.path.toLowerCase(), route]));
const paramRoutes = appRoutes.filter((route) => route.path.includes(':')).map((route) => ({ route, pattern: routePattern(route.path) }));
const otherwise = appRoutes.find((route) => route.path === '*')!;

/**
 * The route the SPA's router shows for a path (matched as React Router does: case-insensitive, a trailing
 * slash and the query ignored; a fixed path wins over one with a `:param`); `*` for any other path.
 */
export function matchRoute(pathWithQuery: string): MatchedRoute {
  const path = routerPath(pathWithQuery);
  const fixed = fixedRoutes.get(path.toLowerCase());
  if (fixed) return { route: fixed, path, params: [] };
  for (const { route, pattern } of paramRoutes) {
    const match = pattern.exec(path);
    if (match) return { route, path, params: match.slice(1) };
  }
  return { route: otherwise, path, params: [] };
}

/** The addresses the sitemap lists besides the hotels: the indexable fixed pages, aliases left out, in the table's order. */
export function sitemapPaths(): string[] {
  return appRoutes
    .filter((route) => fixedRoutes.get(route.path.toLowerCase()) === route && route.page !== 'hotel' && route.page.indexable && (route.page.canonicalPath ?? route.path) === route.path)
    .map((route) => route.path);
}
