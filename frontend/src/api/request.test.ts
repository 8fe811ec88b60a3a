import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isNetworkError, readRetryDelay, shouldRetryRead, shouldRetryWrite } from './request';
import { withWriteRetry } from './retry';

function mockFetch(response: Response | Error) {
  const fn = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response.clone();
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends credentials, JSON content type and body only when a body exists, and the bearer token', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = mockFetch(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    await apiRequest('POST', '/api/x', { a: 1 });
    await apiRequest('GET', '/api/y');
    const [, postInit] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [, getInit] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(postInit.credentials).toBe('include');
    expect((postInit.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(postInit.body).toBe('{"a":1}');
    expect((postInit.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect((getInit.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(getInit.body).toBeUndefined();
  });

  it('raises "status: body text" for a non-OK answer and exposes the server message', async () => {
    const body = JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Invalid credentials' });
    mockFetch(new Response(body, { status: 401, statusText: 'Unauthorized' }));
    const error = (await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`401: ${body}`);
    expect(error.serverMessage).toBe('Invalid credentials');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('returns null on 401 when asked to', async () => {
    mockFetch(new Response('nope', { status: 401 }));
    await expect(apiRequest('GET', '/api/auth/user', undefined, { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('answers null for 204', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/favorites/1')).resolves.toBeNull();
  });
});

describe('retry rules', () => {
  const network = new TypeError('Failed to fetch');
  it('recognises network-type failures', () => {
    expect(isNetworkError(network)).toBe(true);
    expect(isNetworkError(new Error('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isNetworkError(new Error('net::ERR_CONNECTION_REFUSED'))).toBe(true);
    expect(isNetworkError(new Error('tunnel closed'))).toBe(true);
    expect(isNetworkError(new ApiError(500, 'Internal', 'boom'))).toBe(false);
  });

  it('reads: never on 401/403, up to 2 retries on network failures, otherwise none', () => {
    expect(shouldRetryRead(0, new ApiError(401, 'Unauthorized', ''))).toBe(false);
    expect(shouldRetryRead(0, new ApiError(403, 'Forbidden', ''))).toBe(false);
    expect(shouldRetryRead(0, network)).toBe(true);
    expect(shouldRetryRead(1, network)).toBe(true);
    expect(shouldRetryRead(2, network)).toBe(false);
    expect(shouldRetryRead(0, new ApiError(500, 'Internal', 'x'))).toBe(false);
  });

  it('writes: never on 4xx, once on network failures, otherwise none', () => {
    expect(shouldRetryWrite(0, new ApiError(400, 'Bad Request', ''))).toBe(false);
    expect(shouldRetryWrite(0, new ApiError(409, 'Conflict', ''))).toBe(false);
    expect(shouldRetryWrite(0, network)).toBe(true);
    expect(shouldRetryWrite(1, network)).toBe(false);
    expect(shouldRetryWrite(0, new ApiError(500, 'Internal', ''))).toBe(false);
  });

  it('read delay doubles from 1 s and is capped at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(readRetryDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('withWriteRetry retries a network failure once after the delay', async () => {
    const write = vi.fn<() => Promise<string>>().mockRejectedValueOnce(network).mockResolvedValueOnce('ok');
    await expect(withWriteRetry(write, 1)).resolves.toBe('ok');
    expect(write).toHaveBeenCalledTimes(2);
    const failing = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(400, 'Bad Request', ''));
    await expect(withWriteRetry(failing, 1)).rejects.toThrow('400');
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
