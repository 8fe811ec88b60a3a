import { describe, expect, it } from 'vitest';
import { apiUrl } from '@reproute/contracts';
import { routes } from '@/app/routes';
import { hotelSearchQuery } from '@/api/hotels';
import { readSearchFilters, readSearchState } from '@/lib/searchParams';
import { appRoutes, matchRoute } from './routeTable';
import { pageOf, pages, sitemapPaths } from './pages';
import { documentTitle, pageTitles, searchPageTitle } from './titles';
import { headTags, staticPageHead } from './head';
import { DEFAULT_SEARCH_SORT, FEATURED_COUNT, FEATURED_SORT, featuredSearchQuery, firstSearchQuery, SEARCH_PAGE_SIZE } from './pageReads';

describe('the route table', () => {
  it('is the router of the SPA, route for route', () => {
    expect(routes[0]!.children!.map((route) => route.path)).toEqual(appRoutes.map((route) => route.path));
  });

  it('matches addresses as React Router does: case and a trailing slash ignored, a fixed path before a param, the rest not found', () => {
    expect(matchRoute('/').route.screen).toBe('home');
    expect(matchRoute('/search?query=paris').route.screen).toBe('search');
    expect(matchRoute('/Business-Travel/')).toMatchObject({ route: { path: '/business-travel' }, path: '/Business-Travel' });
    expect(matchRoute('/hotels/the-ritz')).toMatchObject({ route: { screen: 'hotel' }, params: ['the-ritz'] });
    expect(pageOf(matchRoute('/hotels/the-ritz').route)).toBe('hotel');
    expect(matchRoute('/hotel/12?checkIn=2030-01-01')).toMatchObject({ route: { screen: 'hotel' }, params: ['12'] });
    expect(pageOf(matchRoute('/provider-dashboard').route)).toBe(pages.providerDashboard);
    expect(matchRoute('/write-review').route.path).toBe('/write-review');
    expect(matchRoute('/write-review/3').route.path).toBe('/write-review/:hotelId');
    for (const unknown of ['/no/such/page', '/hotels', '/hotels/a/b', '/searching', '/index.php']) expect(matchRoute(unknown).route.path, unknown).toBe('*');
  });

  it('lists the indexable fixed pages for the sitemap, aliases and private pages left out', () => {
    expect(sitemapPaths()).toEqual(['/', '/search', '/business-travel', '/help-center', '/privacy-policy', '/terms-of-service', '/partner-hotels', '/contact-us', '/cookie-preferences']);
  });
});

describe('page heads', () => {
  it('title a page after the page table, the search page after what it searches for', () => {
    expect(documentTitle(pageTitles.home)).toBe('RepRoute – Hotels with gyms worth training in');
    expect(documentTitle(pages.login.title)).toBe(documentTitle(pageTitles.login));
    expect(documentTitle(pageTitles.login)).toBe('Sign in | RepRoute');
    expect(documentTitle(searchPageTitle('Paris'))).toBe('Hotels in Paris | RepRoute');
    expect(staticPageHead('https://reproute.example', '/search', pages.search, new URLSearchParams('q=Lyon'))).toMatchObject({
      title: 'Hotels in Lyon | RepRoute',
      canonical: 'https://reproute.example/search?query=Lyon',
    });
    expect(staticPageHead('https://reproute.example', '/home', pages.home).canonical).toBe('https://reproute.example/');
  });

  it('are one list of tags; keywords only when the page gives them', () => {
    const head = staticPageHead('https://reproute.example', '/business-travel', pages.businessTravel);
    const keys = (list: ReturnType<typeof headTags>) => list.map((tag) => (tag.element === 'meta' ? tag.key : tag.rel));
    expect(keys(headTags(head))).toEqual(['description', 'robots', 'canonical', 'og:site_name', 'og:type', 'og:title', 'og:description', 'og:url', 'og:image', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']);
    expect(keys(headTags({ ...head, keywords: 'gyms' }))[1]).toBe('keywords');
  });
});

describe('a page’s first search', () => {
  it('is the one the SPA makes: the search page asking by text alone, and the home page\'s featured hotels', () => {
    for (const address of ['query=Grand Paris', 'q=Lyon', '']) {
      const params = new URLSearchParams(address);
      const { query, eq } = readSearchState(params);
      const spa = apiUrl('GET /api/hotels/search', { query: hotelSearchQuery({ query, eq, filters: readSearchFilters(params) }) });
      expect(apiUrl('GET /api/hotels/search', { query: firstSearchQuery(query) }), address).toBe(spa);
    }
    const all = apiUrl('GET /api/hotels/search', { query: hotelSearchQuery({ pageSize: SEARCH_PAGE_SIZE, sort: DEFAULT_SEARCH_SORT }) });
    expect(apiUrl('GET /api/hotels/search', { query: firstSearchQuery() })).toBe(all);
    expect(all).toBe('/api/hotels/search?sort=rating&pageSize=24');
    // The home page's featured hotels: "top-rated gyms", the six best gym scores.
    const home = apiUrl('GET /api/hotels/search', { query: hotelSearchQuery({ pageSize: FEATURED_COUNT, sort: FEATURED_SORT }) });
    expect(apiUrl('GET /api/hotels/search', { query: featuredSearchQuery() })).toBe(home);
    expect(home).toBe('/api/hotels/search?sort=gymScore&pageSize=6');
  });
});
