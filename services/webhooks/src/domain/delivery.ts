import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from './addresses.ts';

export interface DeliveryResult {
  statusCode: number | null;
  latencyMs: number;
  /** The start of the answer's body (at most `excerptBytes`), as text. */
  body: string;
  /** Why there was no answer (a timeout, a refused connection, a refused address), never a secret. */
  error: string | null;
}

/** The connection's address lookup: with private addresses refused, a host resolving to one fails here, so no DNS trick reaches one. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[] | string, family?: number) => {
      if (err) return callback(err, '', 0);
      const list: LookupAddress[] = Array.isArray(addresses) ? addresses : [{ address: addresses, family: family ?? 4 }];
      const usable = allowPrivate ? list : list.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) {
        const refused = Object.assign(new Error('address refused: the host resolves to a loopback, private or link-local address'), { code: 'EADDRREFUSED' });
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * One POST of a signed message: no redirect followed (a 3xx is an answer like any other, and not a success),
 * bounded by `timeoutMs` from the first byte sent to the last read, and at most `excerptBytes` of the answer kept.
 * An address literal that is private is refused before connecting unless allowed.
 */
export function postMessage(options: { url: string; headers: Record<string, string>; body: string; timeoutMs: number; allowPrivate: boolean; excerptBytes: number }): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<DeliveryResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: elapsed() });
    };
    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return finish({ statusCode: null, body: '', error: 'invalid URL' });
    }
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && /^[\d.]+$|:/.test(literal) && isPrivateAddress(literal)) {
      return finish({ statusCode: null, body: '', error: 'address refused: loopback, private or link-local' });
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(options.body), 'user-agent': 'RepRoute-Webhooks/1' },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < options.excerptBytes) {
            chunks.push(chunk.subarray(0, options.excerptBytes - kept));
            kept += chunk.length;
          }
        });
        response.on('end', () => finish({ statusCode: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }));
        response.on('error', (err) => finish({ statusCode: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: describe(err) }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    }, options.timeoutMs);
    request.on('error', (err) => finish({ statusCode: null, body: '', error: describe(err) }));
    request.end(options.body);
  });
}

function describe(err: Error & { code?: string }): string {
  const text = err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message;
  return text.slice(0, 300);
}
