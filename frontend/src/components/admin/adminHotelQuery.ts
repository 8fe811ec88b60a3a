import { adminHotelSortOptions, defaultAdminHotelSort, hotelStatuses, type AdminHotelSort, type AdminHotelSortKey, type HotelStatus } from '@reproute/contracts/catalog-values';

/** Rows per page of the admin hotel table. */
export const adminHotelsPerPage = 25;

/** How long typing in an admin filter (the hotel table's, the review queue's) pauses before the catalog is asked. */
export const adminFilterDelayMs = 300;

export interface AdminHotelTableState {
  q: string;
  status: HotelStatus | null;
  sort: AdminHotelSort;
  page: number;
}

/** The table's state from the URL (`q`, `status`, `sort`, `page`); anything unknown falls back to the default. */
export function adminHotelStateFrom(params: URLSearchParams): AdminHotelTableState {
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim(),
    status: hotelStatuses.includes(status as HotelStatus) ? (status as HotelStatus) : null,
    sort: (adminHotelSortOptions as readonly string[]).includes(sort ?? '') ? (sort as AdminHotelSort) : defaultAdminHotelSort,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The API query string for one page of the table. */
export function adminHotelApiQuery(state: AdminHotelTableState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.status) params.set('status', state.status);
  params.set('sort', state.sort);
  params.set('page', String(state.page));
  params.set('pageSize', String(adminHotelsPerPage));
  return params.toString();
}

/** Clicking a header: the same column flips direction; another column starts ascending, except Created (newest first). */
export function nextAdminHotelSort(current: AdminHotelSort, key: AdminHotelSortKey): AdminHotelSort {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return key;
  return key === 'created' ? '-created' : key;
}

/** The aria-sort value of a column header. */
export function ariaSortOf(current: AdminHotelSort, key: AdminHotelSortKey): 'ascending' | 'descending' | 'none' {
  if (current === key) return 'ascending';
  if (current === `-${key}`) return 'descending';
  return 'none';
}
