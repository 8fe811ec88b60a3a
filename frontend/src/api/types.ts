import type { ApiAnswer } from './client';

/**
 * The answers components use, under the names they import, each derived from its
 * endpoint's definition in contracts/ (types only; no schema reaches the browser).
 */
type ElementOf<T> = T extends readonly (infer Item)[] ? Item : never;

/** A hotel as every catalog answer shows it (owners and admins also get the optional business fields). */
export type Hotel = ApiAnswer<'GET /api/hotels/:idOrSlug'>;
export type HotelSearchAnswer = ApiAnswer<'GET /api/hotels/search'>;
export type City = ElementOf<ApiAnswer<'GET /api/cities'>>;
export type HotelRevision = ElementOf<ApiAnswer<'GET /api/admin/hotels/revisions'>>;
export type AdminHotelListAnswer = ApiAnswer<'GET /api/admin/hotels'>;
export type AdminHotelStats = ApiAnswer<'GET /api/admin/hotels/stats'>;
export type AdminAuditAnswer = ApiAnswer<'GET /api/admin/hotels/audit'>;
export type HotelPhotosAnswer = ApiAnswer<'GET /api/provider/hotels/:id/photos'>;

export type FavoriteItem = ElementOf<ApiAnswer<'GET /api/favorites'>>;
/** A review as anyone may read it (reviewer's first name and last initial only). */
export type Review = ElementOf<ApiAnswer<'GET /api/hotels/:hotelId/reviews'>>;
export type PendingReview = ElementOf<ApiAnswer<'GET /api/reviews'>>;
export type AdminReviewPage = ApiAnswer<'GET /api/admin/reviews'>;
export type ReviewAuditAnswer = ApiAnswer<'GET /api/admin/reviews/audit'>;

export type User = ApiAnswer<'GET /api/auth/me'>;
export type AuthAnswer = ApiAnswer<'POST /api/auth/login'>;

export type ProviderLeadsPage = ApiAnswer<'GET /api/provider/leads'>;
export type ProviderLead = ApiAnswer<'PATCH /api/provider/leads/:id'>;
export type ProviderAnalytics = ApiAnswer<'GET /api/provider/analytics'>;
export type ProviderInsights = ApiAnswer<'GET /api/provider/insights'>;
