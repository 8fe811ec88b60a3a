import type { AdminReview } from '@reproute/contracts';
import { adminReviewSorts, reviewStatuses, type AdminReviewSort, type ReviewStatus } from '@reproute/contracts/review-values';

/** Reviews per page of the moderation list. */
export const reviewsPerPage = 25;

export interface ReviewFilters {
  status: ReviewStatus;
  /** One hotel's reviews, chosen from a card ("Only this hotel"); its name is shown in the filter chip. */
  hotel: { id: number; name: string } | null;
  rating: string;
  q: string;
  from: string;
  to: string;
  sort: AdminReviewSort;
  page: number;
}

/** The queue as it opens: pending reviews, newest first (a review just written is on the first page). */
export const defaultReviewFilters: ReviewFilters = { status: 'pending', hotel: null, rating: '', q: '', from: '', to: '', sort: 'newest', page: 1 };

/**
 * The tab's URL parameters, one per filter. The admin page's hotel table owns `q`, `status`, `sort` and `page`
 * on the same URL, so these are its own names; a filter at its default value is left out.
 */
export const reviewUrlKeys = { q: 'rq', status: 'rstatus', hotel: 'rhotel', rating: 'rrating', from: 'rfrom', to: 'rto', sort: 'rsort', page: 'rpage' } as const;
export type ReviewUrlKey = (typeof reviewUrlKeys)[keyof typeof reviewUrlKeys];
const urlKeys = Object.values(reviewUrlKeys);

/** Whether the URL names any of the tab's filters (the admin page then opens on this tab). */
export const hasReviewFilters = (params: URLSearchParams) => urlKeys.some((key) => params.has(key));

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const positive = (value: string | null) => (value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * The filters as the URL holds them; a value that is missing or malformed reads as its default. The URL holds the
 * hotel's id only: `hotelName` names it (the name shown in the filter chip).
 */
export function reviewFiltersFrom(params: URLSearchParams, hotelName: (id: number) => string = (id) => `Hotel ${id}`): ReviewFilters {
  const get = (key: keyof typeof reviewUrlKeys) => params.get(reviewUrlKeys[key]);
  const status = get('status');
  const sort = get('sort');
  const rating = positive(get('rating'));
  const hotelId = positive(get('hotel'));
  const from = get('from');
  const to = get('to');
  return {
    status: (reviewStatuses as readonly string[]).includes(status ?? '') ? (status as ReviewStatus) : defaultReviewFilters.status,
    hotel: hotelId === null ? null : { id: hotelId, name: hotelName(hotelId) },
    rating: rating !== null && rating <= 5 ? String(rating) : '',
    q: (get('q') ?? '').trim(),
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    sort: (adminReviewSorts as readonly string[]).includes(sort ?? '') ? (sort as AdminReviewSort) : defaultReviewFilters.sort,
    page: positive(get('page')) ?? 1,
  };
}

/** The URL parameters of filter changes: a value at its default (or empty) removes its parameter. */
export function reviewUrlChanges(changes: Partial<ReviewFilters>): Partial<Record<ReviewUrlKey, string | null>> {
  const out: Partial<Record<ReviewUrlKey, string | null>> = {};
  for (const [field, value] of Object.entries(changes) as [keyof ReviewFilters, ReviewFilters[keyof ReviewFilters]][]) {
    const text = field === 'hotel' ? (value as ReviewFilters['hotel'])?.id.toString() : String(value ?? '').trim();
    out[reviewUrlKeys[field]] = text && text !== String(defaultReviewFilters[field]) ? text : null;
  }
  return out;
}

/** Whether anything narrows the list beyond the default pending queue (the empty state differs). */
export function isFiltered(filters: ReviewFilters): boolean {
  return filters.status !== 'pending' || Boolean(filters.hotel || filters.rating || filters.q.trim() || filters.from || filters.to);
}

/** The API query string for one page (`GET /api/admin/reviews?...`); empty filters are left out. */
export function adminReviewApiQuery(filters: ReviewFilters): string {
  const params = new URLSearchParams({ status: filters.status });
  if (filters.hotel) params.set('hotelId', String(filters.hotel.id));
  if (filters.rating) params.set('rating', filters.rating);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  params.set('sort', filters.sort);
  params.set('page', String(filters.page));
  params.set('pageSize', String(reviewsPerPage));
  return params.toString();
}

/** "Showing 26–50 of 73" for a page of a total. */
export function pageRangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No reviews';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

/** How old an account is, in words a moderator reads at a glance ("new today", "3 days", "5 months", "2 years"). */
export function accountAgeText(registeredAt: string | null, now = new Date()): string {
  if (!registeredAt) return 'age not known';
  const days = Math.floor((now.getTime() - new Date(registeredAt).getTime()) / 86_400_000);
  if (days < 1) return 'new today';
  if (days < 60) return `${days} ${days === 1 ? 'day' : 'days'} old`;
  const months = Math.floor(days / 30.44);
  if (months < 24) return `${months} months old`;
  return `${Math.floor(days / 365.25)} years old`;
}

/** "1 review" / "4 reviews": everything the account has written, any status. */
export const reviewCountText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;

/** The reviewer's name as a moderator sees it. */
export const reviewerFullName = (review: Pick<AdminReview, 'user'>) => [review.user.firstName, review.user.lastName].filter(Boolean).join(' ') || 'Anonymous';

/** "Business", "Leisure", "Fitness" from the stored travel type. */
export const travelTypeLabel = (type: AdminReview['travelType']) => (type ? type.charAt(0).toUpperCase() + type.slice(1) : null);

/** "September 2026" or "12 September 2026" from the review form's YYYY-MM or YYYY-MM-DD. */
export function stayDateText(stayDate: string | null): string | null {
  if (!stayDate) return null;
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(stayDate);
  if (!match) return stayDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? 1)));
  const options: Intl.DateTimeFormatOptions = match[3] ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat('en-GB', options).format(date);
}

/** The reason sent for a rejection: the chosen preset, or the admin's own words for "Other" (null when missing). */
export function rejectionReasonFrom(choice: string, otherText: string): string | null {
  if (choice === 'other') return otherText.trim() || null;
  return choice.trim() || null;
}
