import { fillPath, splitEndpointKey, type EndpointAnswer, type EndpointBodyInput, type EndpointQueryInput, type PathParamNames } from './endpoint.ts';
import type { Endpoints } from './endpoints.ts';

/**
 * The URL of a call to an endpoint, named by its key (`'GET /api/hotels/:idOrSlug'`): its params, query and
 * answer types come from that endpoint's definition. The browser's client calls the API with it and the
 * pages' server writes each public answer into a page under it, so both name an answer by the same URL.
 * Only types are taken from the definitions (the method and path are read from the key itself), so it
 * brings no schema into the browser.
 */
export type ApiKey = keyof Endpoints;
type Definition<K extends ApiKey> = Endpoints[K];

/** A query value as a URL carries it: a list is joined with commas; empty values are left out. */
export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

type ParamsArg<K extends ApiKey> = [PathParamNames<Definition<K>['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<Definition<K>['path']>, string | number> };
type QueryArg<K extends ApiKey> = [EndpointQueryInput<Definition<K>>] extends [undefined]
  ? { query?: undefined }
  : { query?: Partial<Record<keyof NonNullable<EndpointQueryInput<Definition<K>>>, QueryValue>> };
type BodyArg<K extends ApiKey> = [EndpointBodyInput<Definition<K>>] extends [undefined] ? { body?: undefined } : { body: EndpointBodyInput<Definition<K>> };

/** What a call to the endpoint takes: its path params, its query and its body, each as its definition has it. */
export type ApiArgs<K extends ApiKey> = ParamsArg<K> & QueryArg<K> & BodyArg<K>;
/** What a URL of the endpoint is made from: its path params and its query. */
export type ApiUrlArgs<K extends ApiKey> = Omit<ApiArgs<K>, 'body'>;
/** The body of the endpoint's success answer. */
export type ApiAnswer<K extends ApiKey> = EndpointAnswer<Definition<K>>;
export type ApiBody<K extends ApiKey> = EndpointBodyInput<Definition<K>>;
/** The query a read takes (its values as the URL carries them). */
export type ApiQueryArg<K extends ApiKey> = NonNullable<ApiArgs<K>['query']>;

/** A query string from values: empty ones are left out, lists joined with commas (the API's list form). */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(name, value.join(','));
    } else search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call: the endpoint's path with its params filled in (each encoded), then the query. */
export function apiUrl<K extends ApiKey>(key: K, args: ApiUrlArgs<K> = {} as ApiUrlArgs<K>): string {
  const { path } = splitEndpointKey(key);
  return fillPath(path, args.params as Record<string, string | number> | undefined) + queryString(args.query as Record<string, QueryValue> | undefined);
}
