/**
 * The site's pages as the browser and the pages' server both know them: each page's own title (the SPA
 * sets it as the document title, the server writes it into the page's head), its description, whether
 * search engines may index it and what else its head carries. The route table (routeTable.ts) says which
 * page each address shows.
 *
 * Plain values only, imported by the SPA and by the pages' server (frontend/server, run by Node as it is):
 * no JSX, no `@/` paths, relative imports named with their `.ts`.
 */

export const siteName = 'RepRoute';
/** The title of pages without their own (the home page, the error pages). */
export const defaultTitle = 'RepRoute – Hotels with gyms worth training in';
export const defaultDescription = 'RepRoute finds hotels with serious gyms: squat racks, heavy dumbbells, pools and saunas, in the cities you travel to.';
/** Shown by social previews when a page has no picture of its own: the home page's hero video's poster (HeroVideo.tsx). */
export const defaultImagePath = '/media/hero-poster.jpg';

/** The document title of a page whose own title is `pageTitle` ('' : the site's). */
export function documentTitle(pageTitle: string): string {
  return pageTitle ? `${pageTitle} | ${siteName}` : defaultTitle;
}

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

const page = (title: string, description: string, indexable: boolean, extra: Partial<PageDefinition> = {}): PageDefinition => ({ title, description, indexable, ...extra });
const privatePage = (title: string, description = defaultDescription) => page(title, description, false);
const connectionError = privatePage('', 'RepRoute is temporarily unavailable.');

/** Every page of the site, by name; the route table puts each at its addresses. */
export const pages = {
  home: page('', defaultDescription, true, { canonicalPath: '/', preloadImage: defaultImagePath }),
  search: page('Search hotels', 'Search hotels with gyms worth training in by city, hotel or country, and filter by the equipment you need.', true),
  login: privatePage('Sign in', 'Sign in to RepRoute.'),
  register: privatePage('Create your account', 'Create a RepRoute account to save favourite hotels and review their gyms.'),
  providerRegister: privatePage('List your hotel', 'List your hotel and its gym on RepRoute.'),
  forgotPassword: privatePage('Forgot password'),
  resetPassword: privatePage('Reset password'),
  verifyEmail: privatePage('Verify your email', 'Confirm the email address of your RepRoute account.'),
  profileSetup: privatePage('Set up your profile'),
  providerSetup: privatePage('Become a provider', 'Set up your provider account to list your hotel on RepRoute.'),
  providerDashboard: privatePage('Provider Dashboard'),
  addListing: privatePage('Add a Listing'),
  editListing: privatePage('Edit Listing'),
  profile: privatePage('Your profile'),
  favourites: privatePage('Your Favourite Hotels', 'The hotels you saved on RepRoute.'),
  admin: privatePage('Admin Dashboard'),
  signOut: privatePage(''),
  writeReview: privatePage('Write a Review', 'Review the gym of a hotel you stayed at.'),
  businessTravel: page(
    'Business Travel Hotels with Great Gyms',
    'Hotels for business travellers who keep training: 24/7 gyms, fast WiFi and meeting rooms in New York, London, Tokyo and more. Book direct with no fees.',
    true,
    { jsonLd: websiteSearchJsonLd },
  ),
  helpCenter: page('Help Center', 'Answers to common questions about finding hotels with great gyms, accounts, reviews and listing a hotel on RepRoute.', true),
  privacyPolicy: page('Privacy Policy', 'How RepRoute collects, uses and protects your personal data.', true),
  termsOfService: page('Terms of Service', 'The terms that apply when you use RepRoute.', true),
  partnerHotels: page('Partner Hotels', 'Partner with RepRoute: reach travellers who choose hotels by their gyms.', true),
  contactUs: page('Contact Us', 'Questions, feedback or a hotel to suggest? Get in touch with the RepRoute team.', true),
  cookiePreferences: page('Cookie Preferences', 'Choose which cookies RepRoute may use.', true),
  connectionError,
  maintenance: privatePage('', 'RepRoute is down for maintenance and will be back shortly.'),
  serverError: privatePage('', 'Something went wrong on our side.'),
  /** Any other path. */
  notFound: privatePage('Page Not Found', "The page you're looking for doesn't exist or has moved."),
  /** A hotel that is unknown or not public. */
  hotelNotFound: privatePage('Hotel Not Found', "The hotel you're looking for doesn't exist or couldn't be loaded."),
  /** A hotel page while the catalog cannot be asked: the site's own head, not kept by search engines. */
  unansweredHotel: privatePage(''),
} satisfies Record<string, PageDefinition>;

/** The search page's own title: the text searched for, when there is one. */
export function searchPageTitle(term: string): string {
  return term ? `Hotels in ${term}` : pages.search.title;
}
