/**
 * Requests through the gateway from a chosen loopback address (any 127.x.y.z on Linux), so a test
 * can exhaust a per-client limit without throttling every other test, which all come from 127.0.0.1.
 */
import http from 'node:http';
import { stack } from './stack.ts';
import type { ApiAnswer } from './index.ts';

const octet = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A loopback address other than 127.0.0.1, random per call. */
export function uniqueClientAddress(): string {
  return `127.${octet(1, 254)}.${octet(0, 255)}.${octet(1, 254)}`;
}

/** Like `api` from the testing kit, but the connection leaves from `localAddress`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
export function apiFrom<T = any>(
  localAddress: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; base?: string; timeoutMs?: number } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, options.base ?? stack.gatewayUrl), { method, headers, localAddress, agent: false, timeout: options.timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: keep the text
        }
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
        resolve({ status: response.statusCode ?? 0, body: body as T, headers: answerHeaders });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}
