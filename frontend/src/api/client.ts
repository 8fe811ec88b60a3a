import { apiUrl, splitEndpointKey, type ApiAnswer, type ApiArgs, type ApiKey, type ApiUrlArgs } from '@reproute/contracts';
import { apiRequest, type RequestOptions } from './request';
import { takeWrittenAnswer } from './initialData';

/**
 * The typed client of the API: every call is named by its endpoint key (`'POST /api/leads'`), and
 * its params, query, body and answer types come from that endpoint's definition in `contracts/`,
 * whose `apiUrl` makes its URL (the pages' server names the answers it writes into a page with the same).
 * Only types are taken from the definitions, so no schema reaches the browser; the method and path
 * are read from the key itself.
 */
export type { ApiAnswer, ApiArgs, ApiBody, ApiKey, ApiQueryArg } from '@reproute/contracts';

/** A query string's values by name, in their order (for callers that build a URLSearchParams). */
export function queryFromSearch(search: string | URLSearchParams): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** Calls an endpoint and answers its typed body (null for a 204). */
export function callApi<K extends ApiKey>(key: K, args: ApiArgs<K> = {} as ApiArgs<K>, options: RequestOptions = {}): Promise<ApiAnswer<K>> {
  const { method } = splitEndpointKey(key);
  return apiRequest<ApiAnswer<K>>(method, apiUrl(key, args), args.body, options);
}

/** The TanStack Query key of a read: the endpoint key, then its params and query, so related reads share a prefix. */
export function apiQueryKey<K extends ApiKey>(key: K, args: ApiUrlArgs<K> = {} as ApiUrlArgs<K>) {
  return [key, args.params ?? null, args.query ?? null] as const;
}

/** `useQuery` options for a read: its key and a fetch of it (aborted with the query). */
export function apiQuery<K extends ApiKey>(key: K, args: ApiUrlArgs<K> = {} as ApiUrlArgs<K>, options: Omit<RequestOptions, 'signal'> = {}) {
  return {
    queryKey: apiQueryKey(key, args),
    queryFn: ({ signal }: { signal?: AbortSignal }) => callApi(key, args as ApiArgs<K>, { ...options, signal }),
    initialData: () => writtenAnswer(key, args),
  };
}

/**
 * The answer written into the page for this read, if any (initialData.ts): a read's first render
 * shows it at once, and a page rendered by the server hydrates into the same page.
 */
export function writtenAnswer<K extends ApiKey>(key: K, args: ApiUrlArgs<K> = {} as ApiUrlArgs<K>): ApiAnswer<K> | undefined {
  return takeWrittenAnswer(apiUrl(key, args)) as ApiAnswer<K> | undefined;
}

/**
 * The next page of a paged answer (`{ items, total, page }`) for `useInfiniteQuery`, or undefined once the
 * pages loaded hold every item (or the last came back empty).
 */
export function nextPageOf(last: { items: readonly unknown[]; total: number; page: number }, pages: readonly { items: readonly unknown[] }[]): number | undefined {
  return pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/**
 * Query filters matching every cached read of the given endpoints, whatever their params and query
 * (`queryClient.invalidateQueries(endpointReads('GET /api/hotels', 'GET /api/hotels/search'))`).
 */
export function endpointReads(...keys: ApiKey[]) {
  return { predicate: (query: { queryKey: readonly unknown[] }) => (keys as unknown[]).includes(query.queryKey[0]) };
}
