import type { ErrorBody } from '@reproute/contracts';
import { readToken } from '@/lib/tokenStorage';
import { takeWrittenAnswer } from './initialData';

/**
 * Raised for every non-OK answer. Its message follows the spec's format (section 8):
 * the status code, a colon and a space, then the body text (or the status text when empty).
 */
/** What to tell a person about a failed call: the server's message when it gave one, else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.serverMessage : fallback;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseErrorBody(bodyText);
  }

  /** The text a person should read: the server's `message`, else the raw body. */
  get serverMessage(): string {
    return this.body?.message ?? this.message.replace(/^\d+: /, '');
  }

  /** The message of the first problem reported for a field, if the server named one. */
  fieldMessage(path: string): string | undefined {
    return this.body?.errors?.find((e) => e.path === path)?.message;
  }
}

function parseErrorBody(text: string): Partial<ErrorBody> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<ErrorBody>) : null;
  } catch {
    return null;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Send fetch with keepalive so the call survives the page opening another site. */
  keepalive?: boolean;
  signal?: AbortSignal;
  /** Answer null instead of throwing when the server says 401. */
  on401?: 'throw' | 'returnNull';
  cache?: RequestCache;
}

/**
 * The one request helper: credentials included, JSON content type and body only when a body
 * exists, the stored session token as a bearer header.
 */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET') {
    const written = takeWrittenAnswer(url);
    if (written !== undefined) return written as T;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    keepalive: options.keepalive,
    signal: options.signal,
    cache: options.cache,
  });

  if (response.status === 401 && options.on401 === 'returnNull') return null as T;
  if (response.status === 503) reportServiceUnavailable(response);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text);
  }
  if (response.status === 204) return null as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** What the connection banner hears when the system sheds load or a service is down. */
export const SERVICE_UNAVAILABLE_EVENT = 'rr:service-unavailable';
export interface ServiceUnavailableDetail {
  status: number;
  retryAfterSeconds: number | null;
}

/** A 503 (load shed, or a service down) is told to the connection banner, which offers its Retry. */
function reportServiceUnavailable(response: Response): void {
  if (typeof window === 'undefined') return;
  const retryAfter = Number(response.headers.get('retry-after'));
  const detail: ServiceUnavailableDetail = { status: response.status, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null };
  window.dispatchEvent(new CustomEvent<ServiceUnavailableDetail>(SERVICE_UNAVAILABLE_EVENT, { detail }));
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Network-type failures: messages mentioning fetch, network error, ERR_ or tunnel. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  return /fetch|network ?error|ERR_|tunnel/i.test(messageOf(error));
}

/** Reads: never on 401/403; up to 2 retries on network failures; otherwise none. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  const message = messageOf(error);
  if (message.includes('401') || message.includes('403')) return false;
  return isNetworkError(error) && failureCount < 2;
}

/** Writes: never on a 4xx; once on network failures; otherwise none. */
export function shouldRetryWrite(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return isNetworkError(error) && failureCount < 1;
}

/** Read retry delay doubles from 1 s, capped at 10 s. */
export function readRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 10_000);
}

export const WRITE_RETRY_DELAY_MS = 2000;
