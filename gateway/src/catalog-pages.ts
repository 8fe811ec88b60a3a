import type { Dispatcher } from 'undici';
import { sitemapHotel, type SitemapHotel } from '@reproute/contracts';
import { isHotelSummary, type HotelSummary } from './page-head.ts';

/** One GET to a service: its status and parsed JSON body (undefined when the body is not JSON). */
export type ServiceGet = (path: string) => Promise<{ status: number; body: unknown }>;

/** A GET to a service through the gateway's balancer, with a short deadline: a page must not wait long. */
export function serviceGet(service: { request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> }, timeoutMs: number): ServiceGet {
  return async (path) => {
    const answer = await service.request({
      method: 'GET',
      path,
      headers: { accept: 'application/json' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    } as Dispatcher.RequestOptions);
    const text = await answer.body.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: answer.statusCode, body };
  };
}

/** A small map whose entries expire, holding at most `maxEntries` (the least recently used go first). */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    maxEntries: number,
    now: () => number = Date.now,
  ) {
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** Drops every entry whose key or value `matches`. */
  forget(matches: (key: string, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

export type { SitemapHotel };

/** One entry of the catalog's sitemap list, by the endpoint's own answer schema. */
const isSitemapHotel = (value: unknown): value is SitemapHotel => sitemapHotel.safeParse(value).success;

export interface PageAnswersOptions {
  /** How long an answer is used (default 5 s; the events that change it end it sooner). */
  answerTtlMs?: number;
  /** How many answers are kept at most (default 500). */
  maxAnswers?: number;
  now?: () => number;
}

/**
 * Public answers of one service that pages are written with (a search page's first results, a hotel's
 * reviews), by path, as a visitor gets them: each kept for `answerTtlMs` and dropped by `changed()` (an
 * event said what they show changed); callers asking at once share one request. Undefined when the
 * service did not answer 200 in time: the page then goes without, and the SPA asks as before.
 */
export class PageAnswers {
  private readonly answers: ExpiringCache<Promise<unknown>>;
  /** Raised by every change: a reading begun before a change is answered but not kept. */
  private generation = 0;

  private readonly get: ServiceGet;
  private readonly options: PageAnswersOptions;

  constructor(
    get: ServiceGet,
    options: PageAnswersOptions = {},
  ) {
    this.get = get;
    this.options = options;
    this.answers = new ExpiringCache(options.maxAnswers ?? 500, options.now ?? Date.now);
  }

  async answer(path: string): Promise<unknown> {
    const kept = this.answers.get(path);
    if (kept) return kept;
    const generation = this.generation;
    const reading = this.get(path).then(
      (answer) => (answer.status === 200 && answer.body !== undefined && answer.body !== null ? answer.body : undefined),
      () => undefined,
    );
    this.answers.set(path, reading, this.options.answerTtlMs ?? 5_000);
    const body = await reading;
    // No answer is not kept; neither is one begun before a change.
    if (body === undefined || generation !== this.generation) this.answers.forget((key, value) => key === path && value === reading);
    return body;
  }

  /** What the answers show changed: each is read again on its next request. */
  changed(): void {
    this.generation += 1;
    this.answers.forget(() => true);
  }
}

/** With PageAnswersOptions for the answers written into pages (hotel events end them sooner). */
export interface CatalogPagesOptions extends PageAnswersOptions {
  /** How long a hotel (or its absence) is remembered (default 30 s). */
  hotelTtlMs?: number;
  /** How many hotels are remembered at most (default 2000). */
  maxHotels?: number;
  /** How long the list of public hotels is used before it is read again (default 60 s; hotel events end it sooner). */
  sitemapTtlMs?: number;
}

/**
 * What the gateway reads from the catalog for pages: one public hotel for a page head, and the
 * list of public hotels for the sitemap. Answers are kept a short while in memory, and callers
 * asking for the same thing at once share one request, so a busy page costs the catalog little.
 * `null` means the catalog says there is no such public hotel; `undefined` that it could not be asked.
 */
export class CatalogPages {
  private readonly hotels: ExpiringCache<HotelSummary | null>;
  /** Public answers written into pages (a search page's first results), by catalog path. */
  private readonly answers: PageAnswers;
  private readonly pending = new Map<string, Promise<HotelSummary | null | undefined>>();
  private sitemap: { hotels: SitemapHotel[]; expiresAt: number } | undefined;
  private sitemapPending: Promise<SitemapHotel[] | undefined> | undefined;
  private readonly now: () => number;
  /** Raised by every hotel change: a reading begun before a change is answered but not kept. */
  private generation = 0;

  private readonly get: ServiceGet;
  private readonly options: CatalogPagesOptions;

  constructor(
    get: ServiceGet,
    options: CatalogPagesOptions = {},
  ) {
    this.get = get;
    this.options = options;
    this.now = options.now ?? Date.now;
    this.hotels = new ExpiringCache(options.maxHotels ?? 2_000, this.now);
    this.answers = new PageAnswers(get, options);
  }

  /** A public catalog answer a page is written with (the search page's first results; PageAnswers), dropped on any hotel change. */
  publicAnswer(path: string): Promise<unknown> {
    return this.answers.answer(path);
  }

  /** The public hotel with this slug or id (anonymous view: what a visitor or a crawler may see). */
  async hotel(key: string): Promise<HotelSummary | null | undefined> {
    const id = key.toLowerCase();
    // A slug or id is short; anything else cannot name a hotel and is not worth a request.
    if (id.length === 0 || id.length > 200) return null;
    const cached = this.hotels.get(id);
    if (cached !== undefined) return cached;
    const running = this.pending.get(id);
    if (running) return running;
    const lookup = this.readHotel(id).finally(() => {
      if (this.pending.get(id) === lookup) this.pending.delete(id);
    });
    this.pending.set(id, lookup);
    return lookup;
  }

  /**
   * A hotel changed in the catalog (a catalog event said so): its page head and the sitemap are read
   * again on their next request, whatever their TTL. `slug` also ends a remembered "no such hotel".
   */
  hotelChanged(hotelId: number, slug?: string): void {
    this.generation += 1;
    const idKey = String(hotelId);
    const slugKey = slug?.toLowerCase();
    this.hotels.forget((key, value) => key === idKey || key === slugKey || value?.id === hotelId);
    this.answers.changed();
    // Read again on the next request; while the catalog cannot answer, the last list still serves.
    if (this.sitemap) this.sitemap.expiresAt = 0;
    // Readings under way began before the change: later callers do not join them.
    this.sitemapPending = undefined;
    this.pending.clear();
  }

  private async readHotel(id: string): Promise<HotelSummary | null | undefined> {
    const generation = this.generation;
    let answer: { status: number; body: unknown };
    try {
      answer = await this.get(`/api/hotels/${encodeURIComponent(id)}`);
    } catch {
      return undefined;
    }
    let found: HotelSummary | null;
    if (answer.status === 200 && isHotelSummary(answer.body)) found = answer.body;
    else if (answer.status === 404 || answer.status === 400) found = null;
    else return undefined;
    if (generation === this.generation) this.hotels.set(id, found, this.options.hotelTtlMs ?? 30_000);
    return found;
  }

  /**
   * Every public hotel, read again once the last reading is older than the sitemap TTL; while the
   * catalog cannot answer, the last reading stays in use. Undefined when there never was one.
   */
  async sitemapHotels(): Promise<SitemapHotel[] | undefined> {
    if (this.sitemap && this.sitemap.expiresAt > this.now()) return this.sitemap.hotels;
    if (this.sitemapPending) return this.sitemapPending;
    const reading = this.readSitemap().finally(() => {
      if (this.sitemapPending === reading) this.sitemapPending = undefined;
    });
    this.sitemapPending = reading;
    return reading;
  }

  private async readSitemap(): Promise<SitemapHotel[] | undefined> {
    const generation = this.generation;
    try {
      const answer = await this.get('/api/sitemap-hotels');
      const list = (answer.body as { hotels?: unknown } | undefined)?.hotels;
      if (answer.status === 200 && Array.isArray(list)) {
        const hotels = list.filter(isSitemapHotel);
        // Read before a change arrived: answered, but read again next time.
        const ttl = generation === this.generation ? (this.options.sitemapTtlMs ?? 60_000) : 0;
        this.sitemap = { hotels, expiresAt: this.now() + ttl };
        return hotels;
      }
    } catch {
      // the last reading (if any) is answered below
    }
    // Asked again in a few seconds, not on every request while the catalog cannot answer.
    if (this.sitemap) this.sitemap.expiresAt = this.now() + 5_000;
    return this.sitemap?.hotels;
  }
}
