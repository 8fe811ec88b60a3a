/**
 * What a page's first render asks for, as the SPA asks and as the pages' server writes it into the page
 * beforehand (so the SPA finds it under the same URL): the first page of a search, and the pictures whose
 * variants the page's `<img>` elements choose (the server preloads the same one).
 */

/** Hotels on one page of a search (the search page's grid; the home page picks its featured ones from one). */
export const SEARCH_PAGE_SIZE = 24;
/** The order of a search that names none. */
export const DEFAULT_SEARCH_SORT = 'rating';

/**
 * The query of the first search a page makes when its address asks by text alone (the search page), in the
 * order api/hotels.ts writes it.
 */
export function firstSearchQuery(term?: string): { query?: string; sort: typeof DEFAULT_SEARCH_SORT; pageSize: number } {
  return { ...(term ? { query: term } : {}), sort: DEFAULT_SEARCH_SORT, pageSize: SEARCH_PAGE_SIZE };
}

/** The hotels the home page features (document 1: six). */
export const FEATURED_COUNT = 6;
/** "Featured: top-rated gyms": the best gym scores first. */
export const FEATURED_SORT = 'gymScore';

/** The home page's search for its featured hotels, in the order api/hotels.ts writes it. */
export function featuredSearchQuery(): { sort: typeof FEATURED_SORT; pageSize: number } {
  return { sort: FEATURED_SORT, pageSize: FEATURED_COUNT };
}

/** How a picture is shown: the variant used where srcset is not (HotelImage's `preferredWidth`) and its shown width (`sizes`). */
export interface PictureLayout {
  preferredWidth: number;
  sizes: string;
}

/** A hotel card's picture (HotelCard): the largest paint of a search page on a phone. */
export const cardPicture: PictureLayout = { preferredWidth: 800, sizes: '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw' };
/** A hotel page's hero picture at full width (HotelDetailPage): its largest paint. */
export const heroPicture: PictureLayout = { preferredWidth: 1600, sizes: '100vw' };
