import type { FastifyReply, FastifyRequest } from 'fastify';
import { answeredFromMemory, gaugeOnScrape, metrics } from '@reproute/platform';
import { compressFrom, compressed, preferredEncoding, withAcceptEncoding } from './whole-compression.ts';
import type { Forwarder, UpstreamHeaders } from './forward.ts';

/** The upstream answer's headers a kept answer is given again with; the rest belong to one request or connection. */
const replayedHeaders = ['content-type', 'cache-control', 'etag', 'last-modified', 'vary', 'content-language'] as const;
/** The request headers an answer may vary on and still be shared: only anonymous requests are answered from memory, and the encoding is chosen here. */
const sharedVary = new Set(['authorization', 'accept-encoding']);
/** Larger answers are passed through and not kept. */
const maxKeptBytes = 512 * 1024;
/** The caller's validators are judged here against the whole answer, not by the service. */
const validators = ['if-none-match', 'if-modified-since'];
/** What all kept answers may take together; the oldest go first. */
const maxTotalBytes = 64 * 1024 * 1024;

type Headers = UpstreamHeaders;

/** The process's cache (the one its gateway built last), which the gauges below read when scraped. */
let measured: PublicReadCache | undefined;
let gauges = false;
function measure(cache: PublicReadCache): void {
  measured = cache;
  if (gauges) return;
  gauges = true;
  gaugeOnScrape('gateway_public_cache_entries', "Visitors' public reads kept in the gateway's memory", async () => measured?.usage.entries ?? 0);
  gaugeOnScrape('gateway_public_cache_bytes', 'Bytes of the kept public reads, their compressed forms included', async () => measured?.usage.bytes ?? 0);
}

/**
 * How long a shared cache may keep an upstream answer (ms; 0: not at all), by RFC 9111 in the part the
 * services use: a 200 marked `public` with a max-age (or s-maxage), no `private`, `no-store` or
 * `no-cache`, no cookie set, and no Vary beyond Authorization and Accept-Encoding.
 */
export function sharedLifetimeMs(status: number, headers: Headers): number {
  if (status !== 200 || headers['set-cookie'] !== undefined) return 0;
  // JSON answers only: pictures are kept by browsers and a CDN, and may be large.
  if (!/^application\/json\b/i.test(String(headers['content-type'] ?? ''))) return 0;
  const directives = new Map<string, string | undefined>();
  for (const part of String(headers['cache-control'] ?? '').toLowerCase().split(',')) {
    const [name = '', value] = part.split('=', 2);
    if (name.trim()) directives.set(name.trim(), value?.trim().replace(/^"|"$/g, ''));
  }
  if (!directives.has('public') || directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return 0;
  const maxAge = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  if (!Number.isFinite(maxAge) || maxAge <= 0) return 0;
  const vary = String(headers.vary ?? '').toLowerCase().split(',').map((name) => name.trim()).filter(Boolean);
  if (vary.some((name) => !sharedVary.has(name))) return 0;
  return maxAge * 1000;
}

interface KeptAnswer {
  headers: Record<string, string>;
  body: Buffer;
  etag: string | undefined;
  storedAt: number;
  expiresAt: number;
  /** Compressed forms, made on first use. */
  encoded: { br?: Buffer; gzip?: Buffer };
  /** The body and its compressed forms, as counted in the cache's total. */
  bytes: number;
}

/**
 * Public reads (search, a hotel, cities, a hotel's reviews) kept briefly in the gateway's memory for
 * anonymous callers, so a popular search or hotel costs its service one request per `ttlMs` however many
 * visitors ask: the shared cache a CDN would be, on the terms each answer states (`sharedLifetimeMs`),
 * for at most `ttlMs`.
 *
 * - Only GETs without an Authorization header are answered from memory or kept: a signed-in caller
 *   always reaches the service (the answers may differ by caller, and are marked private).
 * - Callers of a URL whose answer is on its way wait for that one answer instead of each asking.
 * - A provider's or admin's write through this gateway empties what is kept before the write's own
 *   answer leaves; the catalog's hotel events and engagement's review events (every instance hears
 *   them) do the same for writes through other instances; an answer asked for before an emptying is
 *   not kept.
 * - `Cache-Control: no-cache` from the caller goes to the service (and keeps the fresh answer).
 */
export class PublicReadCache {
  /** Kept answers by URL, oldest first. */
  private readonly answers = new Map<string, KeptAnswer>();
  /** The upstream request under way for a URL, which later callers of the same URL wait for. */
  private readonly pending = new Map<string, Promise<KeptAnswer | undefined>>();
  /** Counts emptyings: an answer asked for under an older one is not kept. */
  private generation = 0;
  private keptBytes = 0;
  private readonly now: () => number;

  private readonly options: { ttlMs: number; maxEntries: number; now?: () => number };

  constructor(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
    this.options = options;
    this.now = options.now ?? Date.now;
    measure(this);
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxEntries > 0;
  }

  /** Forgets every kept answer, and any answer on its way. */
  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.keptBytes = 0;
    this.pending.clear();
  }

  /** Answers a public read: from memory when it may, else through `forward`. */
  async handle(request: FastifyRequest, reply: FastifyReply, service: Pick<Forwarder, 'ask' | 'relay' | 'fail' | 'forward'>): Promise<unknown> {
    if (!this.enabled || request.method !== 'GET' || request.headers.authorization !== undefined || request.headers.range !== undefined) return service.forward(request, reply);
    const key = request.url;
    const revalidate = /no-cache|max-age=0/i.test(String(request.headers['cache-control'] ?? '')) || /no-cache/i.test(String(request.headers.pragma ?? ''));
    if (!revalidate) {
      const kept = this.lookup(key);
      if (kept) {
        metrics.gatewayPublicCache.inc({ outcome: 'hit' });
        answeredFromMemory(request);
        return this.send(request, reply, kept);
      }
      const pending = this.pending.get(key);
      if (pending) {
        const answer = await pending;
        if (answer) {
          metrics.gatewayPublicCache.inc({ outcome: 'joined' });
          return this.send(request, reply, answer);
        }
        metrics.gatewayPublicCache.inc({ outcome: 'miss' });
        return service.forward(request, reply);
      }
    }
    metrics.gatewayPublicCache.inc({ outcome: 'miss' });
    return this.askService(key, request, reply, service);
  }

  private lookup(key: string): KeptAnswer | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    if (kept.expiresAt <= this.now()) {
      this.drop(key);
      return undefined;
    }
    return kept;
  }

  /** Asks the service once for everyone waiting on this URL, and keeps the answer if it may be shared. */
  private async askService(key: string, request: FastifyRequest, reply: FastifyReply, service: Pick<Forwarder, 'ask' | 'relay' | 'fail'>): Promise<FastifyReply> {
    const generation = this.generation;
    let settle!: (answer: KeptAnswer | undefined) => void;
    const pending = new Promise<KeptAnswer | undefined>((resolve) => {
      settle = resolve;
    });
    this.pending.set(key, pending);
    let kept: KeptAnswer | undefined;
    try {
      const answer = await service.ask(request, validators);
      const lifetime = Math.min(this.options.ttlMs, sharedLifetimeMs(answer.statusCode, answer.headers));
      if (lifetime <= 0 || !Buffer.isBuffer(answer.body) || answer.body.length > maxKeptBytes) return service.relay(reply, answer);
      const now = this.now();
      const fresh: KeptAnswer = { headers: pickHeaders(answer.headers), body: answer.body, etag: headerOf(answer.headers, 'etag'), storedAt: now, expiresAt: now + lifetime, encoded: {}, bytes: answer.body.length };
      // Emptied while it was on its way: it may be older than the change, so it is sent but not kept.
      if (this.generation === generation) {
        kept = fresh;
        this.drop(key);
        this.evict(kept.bytes);
        this.answers.set(key, kept);
        this.keptBytes += kept.bytes;
      }
      // The first caller gets the service's answer as it came, or 304 when it already has it. Its body is
      // compressed here, once, into the form later callers are sent: through the compress plugin it was compressed
      // a second time as a stream (in pieces, chunked), which under the k6 mix cost the gateway as much CPU as
      // every later compression together.
      if (notModified(request, fresh)) return service.relay(reply, { ...answer, statusCode: 304, body: Buffer.alloc(0) });
      const encoded = this.encode(request, fresh);
      if (!encoded) return service.relay(reply, answer);
      const headers = { ...answer.headers, 'content-encoding': encoded.encoding, vary: withAcceptEncoding(headerOf(answer.headers, 'vary')) };
      return service.relay(reply, { ...answer, headers, body: encoded.body });
    } catch (err) {
      return service.fail(reply, err);
    } finally {
      if (this.pending.get(key) === pending) this.pending.delete(key);
      settle(kept);
    }
  }

  private drop(key: string): void {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.keptBytes -= kept.bytes;
  }

  /**
   * Before an answer is kept: drops the oldest while one more would be too many or too many bytes, and those
   * past their lifetime. Answers are kept oldest first and live at most `ttlMs`, so what has expired is at the
   * front: without this, URLs asked once (a search with its own words, dates or page) stayed until the
   * cache was full, up to its whole byte budget of answers never given again.
   */
  private evict(incomingBytes: number): void {
    const now = this.now();
    for (const [key, kept] of this.answers) {
      if (kept.expiresAt > now && this.answers.size < this.options.maxEntries && this.keptBytes + incomingBytes <= maxTotalBytes) return;
      this.drop(key);
    }
  }

  /** What is kept: answers, and their bytes with the compressed forms made so far. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.answers.size, bytes: this.keptBytes };
  }

  /** The kept answer's body in the best encoding the caller accepts, compressed on first use and kept with it (and counted); undefined: send it as it is. */
  private encode(request: FastifyRequest, kept: KeptAnswer): { encoding: 'br' | 'gzip'; body: Buffer } | undefined {
    if (kept.body.length < compressFrom) return undefined;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return undefined;
    let body = kept.encoded[encoding];
    if (!body) {
      body = kept.encoded[encoding] = compressed(kept.body, encoding);
      kept.bytes += body.length;
      // Counted while it is kept; an answer already dropped (or sent but never kept) counts for nothing.
      if (this.answers.get(request.url) === kept) this.keptBytes += body.length;
    }
    return { encoding, body };
  }

  private send(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer): FastifyReply {
    reply.headers(kept.headers);
    reply.header('age', String(Math.max(0, Math.floor((this.now() - kept.storedAt) / 1000))));
    if (notModified(request, kept)) return reply.code(304).send();
    const encoded = this.encode(request, kept);
    if (!encoded) return reply.send(kept.body);
    reply.header('content-encoding', encoded.encoding);
    reply.header('vary', withAcceptEncoding(kept.headers.vary));
    return reply.send(encoded.body);
  }
}

function headerOf(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
}

function pickHeaders(headers: Headers): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of replayedHeaders) {
    const value = headerOf(headers, name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** The caller already has this answer (RFC 9110 If-None-Match, weak comparison). */
function notModified(request: FastifyRequest, kept: KeptAnswer): boolean {
  const presented = request.headers['if-none-match'];
  if (!presented || !kept.etag) return false;
  const tag = kept.etag.replace(/^W\//, '');
  return presented.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === tag;
  });
}
