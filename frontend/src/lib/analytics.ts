import type { ApiBody } from '@/api/client';
import { currentConsentSignals, onConsentSignals } from './consent';
import { readToken } from './tokenStorage';

/** Browser-side analytics recording (document 2, section 7). */
export interface PageViewRecord {
  url: string;
  title: string;
  timestamp: number;
  metadata?: Record<string, unknown>;
}
export interface ConversionRecord {
  type: string;
  hotelId?: number;
  value?: string;
  timestamp: number;
  metadata?: Record<string, unknown>;
}
export interface SearchRecord {
  query: string;
  equipment?: string[];
  resultCount?: number;
  timestamp: number;
}
export interface InteractionRecord {
  type: string;
  target: string;
  timestamp: number;
  metadata?: Record<string, unknown>;
}

export interface AnalyticsData {
  pageViews: PageViewRecord[];
  conversions: ConversionRecord[];
  searches: SearchRecord[];
  interactions: InteractionRecord[];
  /** When the last batch reached the server (ms); only newer records are sent next time. */
  lastSyncAt: number;
}

/** Local retention: the last 50 page views, 20 conversions, 50 searches, 100 interactions. */
export const RETENTION = { pageViews: 50, conversions: 20, searches: 50, interactions: 100 } as const;
/** A batch carries the last 10 page views, 5 conversions, 10 searches and 20 interactions. */
export const BATCH_LIMITS = { pageViews: 10, conversions: 5, searches: 10, interactions: 20 } as const;
export const SYNC_INTERVAL_MS = 30_000;
export const ANALYTICS_KEY = 'rr_analytics';
export const BATCH_URL = '/api/analytics/batch';

type RecordKind = keyof typeof RETENTION;

export function emptyAnalytics(): AnalyticsData {
  return { pageViews: [], conversions: [], searches: [], interactions: [], lastSyncAt: 0 };
}

/** Appends a record and keeps only the newest `RETENTION[kind]` of that kind. */
export function appendRecord<K extends RecordKind>(data: AnalyticsData, kind: K, record: AnalyticsData[K][number]): AnalyticsData {
  const list = [...data[kind], record] as AnalyticsData[K];
  return { ...data, [kind]: list.slice(-RETENTION[kind]) };
}

type BatchBody = ApiBody<'POST /api/analytics/batch'>;
/** What a sync sends: the batch endpoint's body, every list present. */
export type AnalyticsBatch = BatchBody & Required<Pick<BatchBody, RecordKind>>;

function unsent<T extends { timestamp: number }>(list: T[], since: number, limit: number) {
  return list
    .filter((r) => r.timestamp > since)
    .slice(-limit)
    .map((r) => ({ ...r, timestamp: new Date(r.timestamp).toISOString() }));
}

/** The records not yet sent, each kind cut to its batch limit; null when there is nothing new. */
export function buildBatch(data: AnalyticsData, sessionId: string, userId: string | null): AnalyticsBatch | null {
  const batch: AnalyticsBatch = {
    sessionId,
    userId,
    pageViews: unsent(data.pageViews, data.lastSyncAt, BATCH_LIMITS.pageViews),
    conversions: unsent(data.conversions, data.lastSyncAt, BATCH_LIMITS.conversions),
    searches: unsent(data.searches, data.lastSyncAt, BATCH_LIMITS.searches),
    interactions: unsent(data.interactions, data.lastSyncAt, BATCH_LIMITS.interactions),
  };
  const size = batch.pageViews.length + batch.conversions.length + batch.searches.length + batch.interactions.length;
  return size > 0 ? batch : null;
}

/** Syncing is due when more than 30 s have passed since the last sync. */
export function isSyncDue(data: AnalyticsData, now: number): boolean {
  return now - data.lastSyncAt > SYNC_INTERVAL_MS;
}

export interface AnalyticsSummary {
  pageViews24h: number;
  pageViews7d: number;
  searches24h: number;
  searches7d: number;
  topPages: Array<{ url: string; count: number }>;
  topSearches: Array<{ query: string; count: number }>;
}

function topFive(values: string[]) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
}

/** Summaries over 24-hour and 7-day windows, with the top 5 pages and top 5 searches (7 days). */
export function summarize(data: AnalyticsData, now: number): AnalyticsSummary {
  const day = now - 24 * 3600_000;
  const week = now - 7 * 24 * 3600_000;
  const weekPages = data.pageViews.filter((p) => p.timestamp >= week);
  const weekSearches = data.searches.filter((s) => s.timestamp >= week);
  return {
    pageViews24h: data.pageViews.filter((p) => p.timestamp >= day).length,
    pageViews7d: weekPages.length,
    searches24h: data.searches.filter((s) => s.timestamp >= day).length,
    searches7d: weekSearches.length,
    topPages: topFive(weekPages.map((p) => p.url)).map(([url, count]) => ({ url, count })),
    topSearches: topFive(weekSearches.map((s) => s.query.trim().toLowerCase()).filter(Boolean)).map(([query, count]) => ({ query, count })),
  };
}

export interface RecorderDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  send: (batch: AnalyticsBatch) => Promise<boolean>;
  beacon: (batch: AnalyticsBatch) => boolean;
  sessionId: string;
  /** Whether the visitor granted analytics consent. */
  allowed: () => boolean;
}

/** Records in the browser, keeps the retention limits, and syncs batches when consent allows. */
export class AnalyticsRecorder {
  private userId: string | null = null;
  private syncing = false;

  private readonly deps: RecorderDeps;

  constructor(deps: RecorderDeps) {
    this.deps = deps;
  }

  setUser(userId: string | null): void {
    this.userId = userId;
  }

  read(): AnalyticsData {
    try {
      const raw = this.deps.storage.getItem(ANALYTICS_KEY);
      if (!raw) return emptyAnalytics();
      return { ...emptyAnalytics(), ...(JSON.parse(raw) as Partial<AnalyticsData>) };
    } catch {
      return emptyAnalytics();
    }
  }

  private write(data: AnalyticsData): void {
    try {
      this.deps.storage.setItem(ANALYTICS_KEY, JSON.stringify(data));
    } catch {
      // A full or blocked storage only loses analytics, never the page.
    }
  }

  /** Without analytics consent nothing is kept (and what an earlier consent kept goes): declined analytics are neither sent nor stored. */
  private record<K extends RecordKind>(kind: K, record: AnalyticsData[K][number]): void {
    if (!this.deps.allowed()) {
      this.clear();
      return;
    }
    this.write(appendRecord(this.read(), kind, record));
  }

  pageView(url: string, title: string, metadata?: Record<string, unknown>): void {
    this.record('pageViews', { url, title, timestamp: this.deps.now(), metadata });
  }
  conversion(type: string, details: Omit<ConversionRecord, 'type' | 'timestamp'> = {}): void {
    this.record('conversions', { type, ...details, timestamp: this.deps.now() });
  }
  search(query: string, equipment: string[] = [], resultCount?: number): void {
    this.record('searches', { query: query.slice(0, 200), equipment, resultCount, timestamp: this.deps.now() });
  }
  interaction(type: string, target: string, metadata?: Record<string, unknown>): void {
    this.record('interactions', { type, target, timestamp: this.deps.now(), metadata });
  }

  /** Drops everything recorded, for a visitor who refused analytics. */
  clear(): void {
    try {
      this.deps.storage.removeItem(ANALYTICS_KEY);
    } catch {
      // blocked storage holds nothing
    }
  }

  /** Sends the unsent records when more than 30 s have passed since the last sync. */
  async syncIfDue(): Promise<boolean> {
    if (this.syncing || !this.deps.allowed()) return false;
    const data = this.read();
    const now = this.deps.now();
    if (!isSyncDue(data, now)) return false;
    const batch = buildBatch(data, this.deps.sessionId, this.userId);
    if (!batch) return false;
    this.syncing = true;
    try {
      const ok = await this.deps.send(batch).catch(() => false);
      if (ok) this.write({ ...this.read(), lastSyncAt: now });
      return ok;
    } finally {
      this.syncing = false;
    }
  }

  /** On page hide: hand the unsent records to the browser's beacon. */
  flushWithBeacon(): boolean {
    if (!this.deps.allowed()) return false;
    const data = this.read();
    const batch = buildBatch(data, this.deps.sessionId, this.userId);
    if (!batch) return false;
    const queued = this.deps.beacon(batch);
    if (queued) this.write({ ...data, lastSyncAt: this.deps.now() });
    return queued;
  }
}

function browserSessionId(): string {
  const key = 'rr_analytics_session';
  try {
    const existing = sessionStorage.getItem(key);
    if (existing) return existing;
    const id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
    return id;
  } catch {
    return `s_${Date.now().toString(36)}`;
  }
}

let recorder: AnalyticsRecorder | null = null;

/** The page's recorder, created on first use. */
export function analytics(): AnalyticsRecorder {
  recorder ??= new AnalyticsRecorder({
    storage: localStorage,
    now: () => Date.now(),
    sessionId: browserSessionId(),
    allowed: () => currentConsentSignals().analytics_storage === 'granted',
    send: async (batch) => {
      const token = readToken();
      const response = await fetch(BATCH_URL, {
        method: 'POST',
        // The token tells the server who the user is; a userId in the body alone is not trusted.
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(batch),
        credentials: 'include',
        keepalive: true,
      });
      return response.ok;
    },
    beacon: (batch) =>
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(BATCH_URL, new Blob([JSON.stringify(batch)], { type: 'application/json' })),
  });
  return recorder;
}

/** Starts the 30-second sync and the page-hide beacon; returns a function that stops both. */
export function startAnalyticsSync(): () => void {
  const rec = analytics();
  const timer = window.setInterval(() => void rec.syncIfDue(), SYNC_INTERVAL_MS);
  const onHide = () => rec.flushWithBeacon();
  window.addEventListener('pagehide', onHide);
  // Records kept while consent was given go as soon as it is not (declined now, or before this page loaded).
  if (currentConsentSignals().analytics_storage !== 'granted') rec.clear();
  const unsubscribe = onConsentSignals((signals) => {
    if (signals.analytics_storage === 'denied') rec.clear();
  });
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('pagehide', onHide);
    unsubscribe();
  };
}
