/**
 * The site's pages as the browser and the pages' server both know them: each page's own title (the SPA
 * sets it as the document title, the server writes it into the page's head), its description, whether
 * search engines may index it and what else its head carries. The route table (routeTable.ts) says which
 * page each address shows.
 *
 * Plain values only, imported by the SPA and by the pages' server (frontend/server, run by Node as it is):
 * no JSX, no `@/` paths, relative imports named with their `.ts`. The titles are titles.ts's (the SPA's entry
 * takes those alone); the rest of a page's head is here, for the server and the pages that write their own.
 */
import type { AppRoute, Screen } from './routeTable.ts';
import { appRoutes } from './routeTable.ts';
import { pageTitles, siteName, type PageName } from './titles.ts';

export { defaultTitle, documentTitle, pageTitles, searchPageTitle, siteName } from './titles.ts';

export const defaultDescription = 'RepRoute finds hotels with serious gyms: squat racks, heavy dumbbells, pools and saunas, in the cities you travel to.';
/** Shown by social previews when a page has no picture of its own: the home page's hero video's poster (HeroVideo.tsx). */
export const defaultImagePath = '/media/hero-poster.jpg';

export interface PageDefinition {
  /** The page's own title, before the site's name ('': the site's title; documentTitle). */
  title: string;
  description: string;
  /** Listed in the sitemap and open to search engines; account, partner, admin and error pages are not. */
  indexable: boolean;
  /** Where the page's canonical link points when it is an alias (/home → /). */
  canonicalPath?: string;
  /** Structured data, written as one application/ld+json script. */
  jsonLd?: (origin: string) => Record<string, unknown>;
  /** The page's largest picture, fetched at once (before the SPA renders the element that shows it). */
  preloadImage?: string;
}

/** WebSite structured data with a SearchAction for /search?q={search_term_string}. */
export function websiteSearchJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteName,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

const page = (name: PageName, description: string, indexable: boolean, extra: Partial<PageDefinition> = {}): PageDefinition => ({ title: pageTitles[name], description, indexable, ...extra });
const privatePage = (name: PageName, description = defaultDescription) => page(name, description, false);

/** Every page of the site, by name; the route table puts each at its addresses. */
export const pages = {
  home: page('home', defaultDescription, true, { canonicalPath: '/', preloadImage: defaultImagePath }),
  search: page('search', 'Search hotels with gyms worth training in by city, hotel or country, and filter by the equipment you need.', true),
  login: privatePage('login', 'Sign in to RepRoute.'),
  register: privatePage('register', 'Create a RepRoute account to save favourite hotels and review their gyms.'),
  providerRegister: privatePage('providerRegister', 'List your hotel and its gym on RepRoute.'),
  forgotPassword: privatePage('forgotPassword'),
  resetPassword: privatePage('resetPassword'),
  verifyEmail: privatePage('verifyEmail', 'Confirm the email address of your RepRoute account.'),
  emailPreferences: privatePage('emailPreferences', 'Choose which emails RepRoute sends you.'),
  unsubscribe: privatePage('unsubscribe', 'Stop one kind of email from RepRoute.'),
  profileSetup: privatePage('profileSetup'),
  providerSetup: privatePage('providerSetup', 'Set up your provider account to list your hotel on RepRoute.'),
  providerDashboard: privatePage('providerDashboard'),
  providerJoin: privatePage('providerJoin', 'Join your hotel group\'s team on RepRoute.'),
  addListing: privatePage('addListing'),
  editListing: privatePage('editListing'),
  profile: privatePage('profile'),
  favourites: privatePage('favourites', 'The hotels you saved on RepRoute.'),
  admin: privatePage('admin'),
  signOut: privatePage('signOut'),
  writeReview: privatePage('writeReview', 'Review the gym of a hotel you stayed at.'),
  businessTravel: page(
    'businessTravel',
    'Hotels for business travellers who keep training: 24/7 gyms, fast WiFi and meeting rooms in New York, London, Tokyo and more. Book direct with no fees.',
    true,
    { jsonLd: websiteSearchJsonLd },
  ),
  helpCenter: page('helpCenter', 'Answers to common questions about finding hotels with great gyms, accounts, reviews and listing a hotel on RepRoute.', true),
  privacyPolicy: page('privacyPolicy', 'How RepRoute collects, uses and protects your personal data.', true),
  termsOfService: page('termsOfService', 'The terms that apply when you use RepRoute.', true),
  partnerHotels: page('partnerHotels', 'Partner with RepRoute: reach travellers who choose hotels by their gyms.', true),
  contactUs: page('contactUs', 'Questions, feedback or a hotel to suggest? Get in touch with the RepRoute team.', true),
  cookiePreferences: page('cookiePreferences', 'Choose which cookies RepRoute may use.', true),
  connectionError: privatePage('connectionError', "We can't reach RepRoute right now."),
  maintenance: privatePage('maintenance', 'RepRoute is down for maintenance and will be back shortly.'),
  serverError: privatePage('serverError', 'Something went wrong on our side.'),
  /** Any other path. */
  notFound: privatePage('notFound', "The page you're looking for doesn't exist or has moved."),
  /** A hotel that is unknown or not public. */
  hotelNotFound: privatePage('hotelNotFound', "The hotel you're looking for doesn't exist or couldn't be loaded."),
  /** A hotel page while the catalog cannot be asked: the site's own head, not kept by search engines. */
  unansweredHotel: privatePage('unansweredHotel'),
} satisfies Record<PageName, PageDefinition>;

/** The page each screen shows (`'hotel'`: a hotel's, its head made from the catalog's answer for the hotel the path names). */
export const screenPages: Record<Screen, PageDefinition | 'hotel'> = {
  home: pages.home,
  search: pages.search,
  hotel: 'hotel',
  login: pages.login,
  register: pages.register,
  providerRegister: pages.providerRegister,
  forgotPassword: pages.forgotPassword,
  resetPassword: pages.resetPassword,
  verifyEmail: pages.verifyEmail,
  emailPreferences: pages.emailPreferences,
  unsubscribe: pages.unsubscribe,
  profileSetup: pages.profileSetup,
  providerSetup: pages.providerSetup,
  providerDashboard: pages.providerDashboard,
  providerDashboardAlias: pages.providerDashboard,
  providerJoin: pages.providerJoin,
  addListing: pages.addListing,
  addHotel: pages.addListing,
  editHotel: pages.editListing,
  profile: pages.profile,
  favourites: pages.favourites,
  admin: pages.admin,
  signOut: pages.signOut,
  writeReview: pages.writeReview,
  businessTravel: pages.businessTravel,
  helpCenter: pages.helpCenter,
  privacyPolicy: pages.privacyPolicy,
  termsOfService: pages.termsOfService,
  partnerHotels: pages.partnerHotels,
  contactUs: pages.contactUs,
  cookiePreferences: pages.cookiePreferences,
  connectionError: pages.connectionError,
  maintenance: pages.maintenance,
  serverError: pages.serverError,
  notFound: pages.notFound,
};

/** The page a route shows. */
export const pageOf = (route: Pick<AppRoute, 'screen'>): PageDefinition | 'hotel' => screenPages[route.screen];

/** The addresses the sitemap lists besides the hotels: the indexable fixed pages, aliases left out, in the table's order. */
export function sitemapPaths(): string[] {
  return appRoutes
    .filter((route) => {
      const shown = pageOf(route);
      return !/[:*]/.test(route.path) && shown !== 'hotel' && shown.indexable && (shown.canonicalPath ?? route.path) === route.path;
    })
    .map((route) => route.path);
}
