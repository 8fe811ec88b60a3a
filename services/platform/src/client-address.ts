import { createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/**
 * Which client a request is from, as the gateway vouches for it. A service is reached only through the
 * gateway, but its port is reachable by anything inside the network, and a client address taken from a
 * plain `X-Forwarded-For` is whatever the sender wrote (a rotating one escaped every per-client limit). So
 * the gateway signs the address it saw: `X-Reproute-Client: <unix seconds>;<address>;<HMAC-SHA256>`, keyed
 * with CLIENT_ADDRESS_KEY, which only the gateway and the services hold. A service believes a forwarded
 * address only with a valid signature of the last two minutes; otherwise every forwarding header is
 * dropped and the socket's address counts.
 */
export const clientAddressHeader = 'x-reproute-client';

/** How far a signature's time may be from the service's clock (seconds): clocks of two hosts, a slow hop. */
export const clientAddressSkewSeconds = 120;

const forwardingHeaders = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'forwarded'];

const signatureOf = (key: Buffer, seconds: string, address: string) =>
  createHmac('sha256', key).update(`client-address\n${seconds}\n${address}`).digest('base64url');

/**
 * Signatures made or checked in the current second, by key: a signature covers only the second and the address,
 * so within a second every request from one client carries the same value, and an HMAC per request was 4-5% of
 * the gateway's busy time on a signed-in read (`--cpu-prof` under wrk). Emptied when the second changes; bounded.
 */
interface SecondMemo { second: string; values: Map<string, string> }
const memoEntriesMax = 10_000;
const signedMemo = new WeakMap<Buffer, SecondMemo>();
const checkedMemo = new WeakMap<Buffer, SecondMemo>();

function memoFor(memos: WeakMap<Buffer, SecondMemo>, key: Buffer, second: string): Map<string, string> {
  let memo = memos.get(key);
  if (!memo || memo.second !== second || memo.values.size >= memoEntriesMax) memos.set(key, (memo = { second, values: new Map() }));
  return memo.values;
}

/** The header value the gateway sends for `address`. */
export function signClientAddress(key: Buffer, address: string, now = Date.now()): string {
  const seconds = String(Math.floor(now / 1000));
  const memo = memoFor(signedMemo, key, seconds);
  let value = memo.get(address);
  if (value === undefined) memo.set(address, (value = `${seconds};${address};${signatureOf(key, seconds, address)}`));
  return value;
}

/** The address a header value vouches for, or undefined when it is malformed, stale or not signed with `key`. */
export function vouchedClientAddress(key: Buffer, value: string | string[] | undefined, now = Date.now()): string | undefined {
  if (typeof value !== 'string' || value.length > 200) return undefined;
  const parts = value.split(';');
  if (parts.length !== 3) return undefined;
  const [seconds, address, signature] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(seconds) || !/^[0-9A-Fa-f.:]{2,45}$/.test(address)) return undefined;
  if (Math.abs(now / 1000 - Number(seconds)) > clientAddressSkewSeconds) return undefined;
  // A value already found valid in this second (the whole value: a changed signature is checked afresh).
  const memo = memoFor(checkedMemo, key, String(Math.floor(now / 1000)));
  if (memo.get(value) === address) return address;
  const expected = Buffer.from(signatureOf(key, seconds, address));
  const given = Buffer.from(signature);
  if (!(given.length === expected.length && timingSafeEqual(given, expected))) return undefined;
  memo.set(value, address);
  return address;
}

/**
 * Rewrites a request's forwarding headers before anything reads them: with a valid signature the vouched
 * address becomes the only `X-Forwarded-For` (the app trusts one hop), otherwise none is left, so Fastify's
 * `request.ip` is the socket's. Without a key (a service built in a test) nothing forwarded is believed.
 */
export function screenForwarding(req: http.IncomingMessage, key: Buffer | undefined): void {
  const vouched = key ? vouchedClientAddress(key, req.headers[clientAddressHeader]) : undefined;
  for (const name of forwardingHeaders) delete req.headers[name];
  delete req.headers[clientAddressHeader];
  if (vouched) req.headers['x-forwarded-for'] = vouched;
}
