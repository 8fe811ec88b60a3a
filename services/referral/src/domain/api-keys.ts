import type { FastifyRequest } from 'fastify';
import { apiKeyHeader, apiKeyMessages, apiKeyPrefix, apiKeyVerifyAnswer, type ApiKeyScope, type ApiKeyVerifyAnswer } from '@reproute/contracts';
import { forbidden, HttpError, unauthorized } from '@reproute/platform';

/** Asks whether a key is valid: its organisation and scopes, or null for an unknown or revoked key. */
export type ApiKeyVerifier = (key: string) => Promise<ApiKeyVerifyAnswer | null>;

/**
 * Identity's check of a key (POST /internal/api-keys/verify on identity, the service every service already reaches
 * for its signing keys). No answer from identity is a 503: an outage never lets a key through.
 */
export function identityApiKeyVerifier(jwksUrl: string, timeoutMs = 3_000): ApiKeyVerifier {
  const url = new URL('/internal/api-keys/verify', jwksUrl).toString();
  return async (key) => {
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }), signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new HttpError(503, apiKeyMessages.unavailable);
    }
    if (res.status === 401) return null;
    if (!res.ok) throw new HttpError(503, apiKeyMessages.unavailable);
    return apiKeyVerifyAnswer.parse(await res.json());
  };
}

/** The key a request carries: `X-Api-Key`, or `Authorization: Bearer rr_live_…` when it reaches the service directly. */
export function apiKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers[apiKeyHeader];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return bearer?.startsWith(apiKeyPrefix) ? bearer : null;
}

/** The request's key, checked, holding `scope`: 401 without a valid one, 403 when it lacks the scope. A key grants nothing else. */
export async function requireApiKey(request: Pick<FastifyRequest, 'headers'>, verify: ApiKeyVerifier, scope: ApiKeyScope): Promise<ApiKeyVerifyAnswer> {
  const key = apiKeyOf(request);
  if (!key) throw unauthorized(apiKeyMessages.missing);
  const found = key.length <= 200 ? await verify(key) : null;
  if (!found) throw unauthorized(apiKeyMessages.invalid);
  if (!found.scopes.includes(scope)) throw forbidden(apiKeyMessages.scopeMissing);
  return found;
}
