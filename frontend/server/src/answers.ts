import { apiUrl, endpoints, sitemapHotel, type ApiAnswer, type ApiKey, type ApiUrlArgs, type ServiceName, type SitemapHotel } from '@reproute/contracts';

/**
 * One GET of a service's public answer, through the caller's balancer (the gateway's), with a deadline: its
 * status and parsed JSON body (undefined when the body is not JSON). Rejects when the service cannot be asked.
 */
export type ServiceGet = (service: ServiceName, path: string, timeoutMs: number) => Promise<{ status: number; body: unknown }>;

/** A public answer written into a page, by the exact URL the SPA asks for it with (frontend/src/api/initialData.ts). */
export interface InitialAnswer {
  url: string;
  data: unknown;
}

/** One endpoint's answer as a page carries it: its URL (apiUrl) and its body, typed by the endpoint's definition. */
export interface WrittenAnswer<K extends ApiKey> extends InitialAnswer {
  data: ApiAnswer<K>;
}

/** The catalog's public answer for one hotel, as its endpoint defines it. */
export type HotelAnswer = ApiAnswer<'GET /api/hotels/:idOrSlug'>;
export type HotelSearchAnswer = ApiAnswer<'GET /api/hotels/search'>;
export type { SitemapHotel };

/**
 * Whether an answer has what a hotel page needs (anything else is treated as no answer). A shape check of the
 * fields the head uses, not a validation of the whole answer: the catalog's own serializer already did that.
 */
export function isHotelAnswer(value: unknown): value is HotelAnswer {
  const v = value as Partial<HotelAnswer> | null;
  return typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.slug === 'string' && typeof v.id === 'number';
}

/** One entry of the catalog's sitemap list, by the endpoint's own answer schema. */
const isSitemapHotel = (value: unknown): value is SitemapHotel => sitemapHotel.safeParse(value).success;

/** A read of an endpoint's answer from the service that owns it (its definition says which), at its URL. */
function readEndpoint<K extends ApiKey>(get: ServiceGet, key: K, args: ApiUrlArgs<K>, timeoutMs: number): { url: string; reading: Promise<{ status: number; body: unknown }> } {
  const url = apiUrl(key, args);
  return { url, reading: get(endpoints[key].service, url, timeoutMs) };
}

/** A small map whose entries expire, holding at most `maxEntries` (the least recently used go first). */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(maxEntries: number, now: () => number = Date.now) {
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

export interface PageAnswersOptions {
  /** How long an answer is used (default 5 s; the events that change it end it sooner). */
  answerTtlMs?: number;
  /** How many answers are kept at most (default 500). */
  maxAnswers?: number;
  /** How long a page waits for an answer (default 2 s): past it the page goes without. */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Public answers that pages are written with (a search page's first results, a hotel's reviews), by URL, as a
 * visitor gets them: each kept for `answerTtlMs` and dropped by `changed()` (an event said what they show
 * changed); callers asking at once share one request. Undefined when the service did not answer 200 in time:
 * the page then goes without, and the SPA asks as before.
 */
export class PageAnswers {
  private readonly answers: ExpiringCache<Promise<unknown>>;
  /** Raised by every change: a reading begun before a change is answered but not kept. */
  private generation = 0;

  private readonly get: ServiceGet;
  private readonly options: PageAnswersOptions;

  constructor(get: ServiceGet, options: PageAnswersOptions = {}) {
    this.get = get;
    this.options = options;
    this.answers = new ExpiringCache(options.maxAnswers ?? 500, options.now ?? Date.now);
  }

  /** The endpoint's public answer for these params and query, with the URL the page names it by. */
  async read<K extends ApiKey>(key: K, args: ApiUrlArgs<K>): Promise<WrittenAnswer<K> | undefined> {
    const url = apiUrl(key, args);
    let reading = this.answers.get(url);
    if (!reading) {
      const generation = this.generation;
      const kept = readEndpoint(this.get, key, args, this.options.timeoutMs ?? 2_000).reading.then(
        (answer) => (answer.status === 200 && answer.body !== undefined && answer.body !== null ? answer.body : undefined),
        () => undefined,
      );
      reading = kept;
      this.answers.set(url, kept, this.options.answerTtlMs ?? 5_000);
      // No answer is not kept; neither is one begun before a change.
      void kept.then((body) => {
        if (body === undefined || generation !== this.generation) this.answers.forget((at, value) => at === url && value === kept);
      });
    }
    const data = await reading;
    return data === undefined ? undefined : { url, data: data as ApiAnswer<K> };
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
 * What pages read from the catalog: one public hotel for a hotel page, the first results of a search, and the
 * list of public hotels for the sitemap. Answers are kept a short while in memory, and callers asking for the
 * same thing at once share one request, so a busy page costs the catalog little. `null` means the catalog
 * says there is no such public hotel; `undefined` that it could not be asked.
 */
export class CatalogPages {
  private readonly hotels: ExpiringCache<HotelAnswer | null>;
  /** Public answers written into pages (a search page's first results). */
  private readonly answers: PageAnswers;
  private readonly pending = new Map<string, Promise<HotelAnswer | null | undefined>>();
  private sitemap: { hotels: SitemapHotel[]; expiresAt: number } | undefined;
  private sitemapPending: Promise<SitemapHotel[] | undefined> | undefined;
  private readonly now: () => number;
  /** Raised by every hotel change: a reading begun before a change is answered but not kept. */
  private generation = 0;

  private readonly get: ServiceGet;
  private readonly options: CatalogPagesOptions;

  constructor(get: ServiceGet, options: CatalogPagesOptions = {}) {
    this.get = get;
    this.options = options;
    this.now = options.now ?? Date.now;
    this.hotels = new ExpiringCache(options.maxHotels ?? 2_000, this.now);
    this.answers = new PageAnswers(get, options);
  }

  /** A search's public answer, for a page that starts with it (PageAnswers), dropped on any hotel change. */
  search(query: ApiUrlArgs<'GET /api/hotels/search'>['query']): Promise<WrittenAnswer<'GET /api/hotels/search'> | undefined> {
    return this.answers.read('GET /api/hotels/search', { query });
  }

  /** The home page's summary figures (`GET /api/stats`), as a page starts with them (PageAnswers), dropped on any hotel change. */
  stats(): Promise<WrittenAnswer<'GET /api/stats'> | undefined> {
    return this.answers.read('GET /api/stats', {});
  }

  /** The public hotel with this slug or id (anonymous view: what a visitor or a crawler may see). */
  async hotel(key: string): Promise<HotelAnswer | null | undefined> {
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
   * A hotel changed in the catalog (a catalog event said so): its page and the sitemap are read again on
   * their next request, whatever their TTL. `slug` also ends a remembered "no such hotel".
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

  private async readHotel(id: string): Promise<HotelAnswer | null | undefined> {
    const generation = this.generation;
    let answer: { status: number; body: unknown };
    try {
      answer = await readEndpoint(this.get, 'GET /api/hotels/:idOrSlug', { params: { idOrSlug: id } }, this.options.timeoutMs ?? 2_000).reading;
    } catch {
      return undefined;
    }
    let found: HotelAnswer | null;
    if (answer.status === 200 && isHotelAnswer(answer.body)) found = answer.body;
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
      const answer = await readEndpoint(this.get, 'GET /api/sitemap-hotels', {}, this.options.timeoutMs ?? 2_000).reading;
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
