import type { z } from 'zod';
import type { ServiceName } from './services.ts';

/**
 * One definition per endpoint: the services register their handlers from it, the gateway derives its
 * route table and its screening from it, the OpenAPI document and docs/api.md are generated from it,
 * and the front end's client takes its types from it. This module holds only types and plain values,
 * so importing it (or `import type` of the endpoint table) brings no zod into the browser.
 */

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/**
 * Who may call an endpoint. `public`: anyone, a token only adds what the caller may see;
 * `signedIn`: any account (401 without a valid token); `provider` and `admin`: that role (403 otherwise).
 */
export type Access = 'public' | 'signedIn' | 'provider' | 'admin';

/** An answer that is not JSON (a CSV export, an image): its content type, no body schema. */
export interface RawAnswer {
  readonly raw: true;
  readonly contentType: string;
  readonly description: string;
}
export const rawAnswer = (contentType: string, description: string): RawAnswer => ({ raw: true, contentType, description });

/** A success answer: a JSON body schema, a raw (non-JSON) body, or `null` for no body (204). */
export type Answer = z.ZodType | RawAnswer | null;

export interface EndpointSpec {
  access: Access;
  /** One line: what the endpoint does (the OpenAPI summary). */
  summary: string;
  /** The API table's answer column: what comes back, the rules and the error messages a caller meets. */
  doc?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answers by status; every error answer is the shared error body. */
  responses: { readonly [status: number]: Answer };
  /** A public read browsers and shared caches may reuse briefly (ETag, max-age, stale-while-revalidate). */
  publicRead?: boolean;
  /** Left out of the OpenAPI document and the fuzz run (an internal read of the gateway). */
  internal?: boolean;
  /** A multipart upload: the body is read by the handler, not by a schema. */
  multipart?: boolean;
  /** Called with an organisation's API key (`X-Api-Key`) holding this scope, not a token (contracts/src/api-keys.ts). */
  apiKeyScope?: 'leads:read' | 'leads:write';
}

/** The key of an endpoint: `METHOD /path`, the path in the router's `:param` form. */
export type EndpointKey = `${HttpMethod} /${string}`;

type MethodOf<K> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<K> = K extends `${HttpMethod} ${infer P}` ? P : never;

export type Endpoint<K extends EndpointKey = EndpointKey, S extends EndpointSpec = EndpointSpec> = S & {
  key: K;
  method: MethodOf<K>;
  path: PathOf<K>;
  service: ServiceName;
};

/** A service's endpoints, keyed by `METHOD /path`; each gets its key, method, path and owner filled in. */
export function defineEndpoints<const T extends { [K in EndpointKey]?: EndpointSpec }>(
  service: ServiceName,
  specs: T,
): { [K in keyof T & EndpointKey]: Endpoint<K, NonNullable<T[K]>> } {
  const out: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs) as [EndpointKey, EndpointSpec][]) {
    const space = key.indexOf(' ');
    out[key] = { ...spec, key, method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) as `/${string}`, service };
  }
  return out as never;
}

/** Splits an endpoint key into its method and path (what the browser's client needs at run time). */
export function splitEndpointKey(key: EndpointKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type SuccessStatus<E extends EndpointSpec> = keyof E['responses'] & number;

/** What a handler receives, after validation. */
export type EndpointParams<E extends EndpointSpec> = Output<E['params']>;
export type EndpointQuery<E extends EndpointSpec> = Output<E['query']>;
export type EndpointBody<E extends EndpointSpec> = Output<E['body']>;

/** What a caller sends, before validation (query values may be strings or numbers). */
export type EndpointParamsInput<E extends EndpointSpec> = Input<E['params']>;
export type EndpointQueryInput<E extends EndpointSpec> = Input<E['query']>;

/**
 * A body a caller may send: the validated shape, where every field the schema lets the caller
 * leave out (its input admits undefined: defaults, optional and blank-means-null fields) is optional.
 */
type Sendable<In, Out> = Out extends readonly unknown[] ? Out : Out extends object
  ? In extends object
    ? { [K in keyof Out as K extends keyof In ? (undefined extends In[K] ? K : never) : K]?: Out[K] } & {
        [K in keyof Out as K extends keyof In ? (undefined extends In[K] ? never : K) : never]: Out[K];
      }
    : Out
  : Out;
export type EndpointBodyInput<E extends EndpointSpec> = E['body'] extends z.ZodType ? Sendable<z.input<E['body']>, z.output<E['body']>> : undefined;

/** The body of a success answer, as the handler returns it and as the caller receives it. */
export type EndpointAnswer<E extends EndpointSpec> = {
  [S in SuccessStatus<E>]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : E['responses'][S] extends RawAnswer ? string : undefined;
}[SuccessStatus<E>];

/** Path parameter names of a path: `/api/hotels/:id/photos/:photoId` → `'id' | 'photoId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** A path with its `:params` filled in, each encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
