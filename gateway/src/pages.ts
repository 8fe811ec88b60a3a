/**
 * The SPA's pages as the gateway sees them: which paths exist (the route table of document 1,
 * section 2.1, as frontend/src/app/routes.tsx declares it), each page's head (title as the page's
 * own useDocumentTitle sets it, description, whether search engines may index it) and which pages
 * the sitemap lists. Hotel pages are resolved against the catalog (see hotel-pages.ts).
 */

export const siteName = 'RepRoute';
/** The title of pages without their own (HomePage and useDocumentTitle('')). */
export const defaultTitle = 'RepRoute – Hotels with gyms worth training in';
export const defaultDescription = 'RepRoute finds hotels with serious gyms: squat racks, heavy dumbbells, pools and saunas, in the cities you travel to.';
/** Shown by social previews when a page has no picture of its own. */
export const defaultImagePath = '/media/hero-poster.jpg';

/** The document title the SPA sets for a page title (useDocumentTitle). */
export function documentTitle(pageTitle: string): string {
  return pageTitle ? `${pageTitle} | ${siteName}` : defaultTitle;
}

export interface PageDefinition {
  /** The full document title, exactly as the SPA sets it. */
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

/** WebSite structured data with a SearchAction for /search?q={search_term_string} (as BusinessTravelPage writes it). */
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

const page = (title: string, description: string, indexable: boolean, extra: Partial<PageDefinition> = {}): PageDefinition => ({
  title: documentTitle(title),
  description,
  indexable,
  ...extra,
});
const privatePage = (title: string, description = defaultDescription) => page(title, description, false);

// The preview picture is the hero video's poster, which the home page shows first (frontend/src/components/HeroVideo.tsx).
const home = page('', defaultDescription, true, { canonicalPath: '/', preloadImage: defaultImagePath });
const favourites = privatePage('Your Favourite Hotels', 'The hotels you saved on RepRoute.');
const providerSetup = privatePage('Become a provider', 'Set up your provider account to list your hotel on RepRoute.');
const addListing = privatePage('Add a Listing');
const writeReview = privatePage('Write a Review', 'Review the gym of a hotel you stayed at.');
const connectionError = privatePage('', 'RepRoute is temporarily unavailable.');

/** Every fixed path of the route table; titles match each page's useDocumentTitle (or usePageMeta). */
export const staticPages: Record<string, PageDefinition> = {
  '/': home,
  '/home': home,
  '/search': page('Search hotels', 'Search hotels with gyms worth training in by city, hotel or country, and filter by the equipment you need.', true),
  '/login': privatePage('Sign in', 'Sign in to RepRoute.'),
  '/register': privatePage('Create your account', 'Create a RepRoute account to save favourite hotels and review their gyms.'),
  '/provider-register': privatePage('List your hotel', 'List your hotel and its gym on RepRoute.'),
  '/forgot-password': privatePage('Forgot password'),
  '/reset-password': privatePage('Reset password'),
  '/verify-email': privatePage('Verify your email', 'Confirm the email address of your RepRoute account.'),
  '/profile-setup': privatePage('Set up your profile'),
  '/provider/setup': providerSetup,
  '/provider-setup': providerSetup,
  '/provider/dashboard': privatePage('Provider Dashboard'),
  '/provider-dashboard': privatePage('Provider Dashboard'),
  '/provider/listings/new': addListing,
  '/add-hotel': addListing,
  '/profile': privatePage('Your profile'),
  '/favourites': favourites,
  '/favorites': favourites,
  '/admin': privatePage('Admin Dashboard'),
  '/sign-out': privatePage(''),
  '/write-review': writeReview,
  '/business-travel': {
    title: 'Business Travel Hotels with Great Gyms | RepRoute',
    description: 'Hotels for business travellers who keep training: 24/7 gyms, fast WiFi and meeting rooms in New York, London, Tokyo and more. Book direct with no fees.',
    indexable: true,
    jsonLd: websiteSearchJsonLd,
  },
  '/help-center': page('Help Center', 'Answers to common questions about finding hotels with great gyms, accounts, reviews and listing a hotel on RepRoute.', true),
  '/privacy-policy': page('Privacy Policy', 'How RepRoute collects, uses and protects your personal data.', true),
  '/terms-of-service': page('Terms of Service', 'The terms that apply when you use RepRoute.', true),
  '/partner-hotels': page('Partner Hotels', 'Partner with RepRoute: reach travellers who choose hotels by their gyms.', true),
  '/contact-us': page('Contact Us', 'Questions, feedback or a hotel to suggest? Get in touch with the RepRoute team.', true),
  '/cookie-preferences': page('Cookie Preferences', 'Choose which cookies RepRoute may use.', true),
  '/connection-error': connectionError,
  '/network-error': connectionError,
  '/maintenance': privatePage('', 'RepRoute is down for maintenance and will be back shortly.'),
  '/server-error': privatePage('', 'Something went wrong on our side.'),
};

/** The not-found page (any other path, and hotels that are unknown or not public). */
export const notFoundPage = privatePage('Page Not Found', "The page you're looking for doesn't exist or has moved.");
export const hotelNotFoundPage = privatePage('Hotel Not Found', "The hotel you're looking for doesn't exist or couldn't be loaded.");
/** A hotel page while the catalog cannot be asked: the site's own head, not kept by search engines. */
export const unansweredHotelPage = privatePage('');

export type ResolvedPath =
  | { kind: 'static'; path: string; page: PageDefinition }
  | { kind: 'hotel'; key: string }
  | { kind: 'notFound' };

/** The dynamic routes of the route table: hotel pages and the signed-in ones that need no lookup. */
const hotelRoute = /^\/(?:hotels|hotel)\/([^/]+)$/;
const dynamicPrivate: [RegExp, PageDefinition][] = [
  [/^\/write-review\/[^/]+$/, writeReview],
  [/^\/edit-hotel\/[^/]+$/, privatePage('Edit Listing')],
];

/**
 * What the SPA's router shows for a path: matched like React Router does (case-insensitive, a
 * trailing slash ignored), the query left aside.
 */
export function resolvePath(pathWithQuery: string): ResolvedPath {
  const raw = pathWithQuery.split('?')[0] ?? '/';
  const path = raw.length > 1 ? raw.replace(/\/+$/, '') || '/' : raw;
  const lower = path.toLowerCase();
  const fixed = staticPages[lower];
  if (fixed) return { kind: 'static', path: lower, page: fixed };
  const hotel = hotelRoute.exec(path);
  if (hotel) {
    let key: string;
    try {
      key = decodeURIComponent(hotel[1]!);
    } catch {
      return { kind: 'notFound' };
    }
    return { kind: 'hotel', key };
  }
  for (const [pattern, definition] of dynamicPrivate) if (pattern.test(lower)) return { kind: 'static', path, page: definition };
  return { kind: 'notFound' };
}

/** The paths the sitemap lists besides the hotels: the indexable fixed pages, aliases left out. */
export function sitemapStaticPaths(): string[] {
  return Object.entries(staticPages)
    .filter(([path, definition]) => definition.indexable && (definition.canonicalPath ?? path) === path)
    .map(([path]) => path);
}
