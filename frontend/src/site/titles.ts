/**
 * Each page's own title, as the SPA sets it in the tab (useDocumentTitle) and the pages' server writes it into the
 * page's head (pages.ts holds the rest of each page's head). Its own small module: the SPA's entry takes only these.
 */

export const siteName = 'RepRoute';
/** The title of pages without their own (the home page, the error pages). */
export const defaultTitle = 'RepRoute – Hotels with gyms worth training in';

/** The document title of a page whose own title is `pageTitle` ('' : the site's). */
export function documentTitle(pageTitle: string): string {
  return pageTitle ? `${pageTitle} | ${siteName}` : defaultTitle;
}

/** Every page's own title, by page ('': the site's title). */
export const pageTitles = {
  home: '',
  search: 'Search hotels',
  login: 'Sign in',
  register: 'Create your account',
  providerRegister: 'List your hotel',
  forgotPassword: 'Forgot password',
  resetPassword: 'Reset password',
  verifyEmail: 'Verify your email',
  emailPreferences: 'Email preferences',
  unsubscribe: 'Unsubscribe',
  profileSetup: 'Set up your profile',
  providerSetup: 'Become a provider',
  providerDashboard: 'Provider Dashboard',
  providerJoin: 'Join your team',
  addListing: 'Add a Listing',
  editListing: 'Edit Listing',
  profile: 'Your profile',
  favourites: 'Your Favourite Hotels',
  admin: 'Admin Dashboard',
  signOut: '',
  writeReview: 'Write a Review',
  businessTravel: 'Business Travel Hotels with Great Gyms',
  helpCenter: 'Help Center',
  privacyPolicy: 'Privacy Policy',
  termsOfService: 'Terms of Service',
  partnerHotels: 'Partner Hotels',
  contactUs: 'Contact Us',
  cookiePreferences: 'Cookie Preferences',
  connectionError: "Can't reach RepRoute",
  maintenance: '',
  serverError: '',
  notFound: 'Page Not Found',
  hotelNotFound: 'Hotel Not Found',
  unansweredHotel: '',
} as const;

export type PageName = keyof typeof pageTitles;

/** The search page's own title: the text searched for, when there is one. */
export function searchPageTitle(term: string): string {
  return term ? `Hotels in ${term}` : pageTitles.search;
}
