import { createHash, randomUUID } from 'node:crypto';
import { pageViewRecord, searchRecord, type AnalyticsBatchRequest, type AnalyticsEventRequest } from '@reproute/contracts';
import { redactUrl } from '@reproute/platform/logger';
import { hotelRefFromPath, normaliseSearchQuery, pagePath, type HotelRef } from './paths.ts';

export type RecordKind = 'page_view' | 'search' | 'conversion' | 'interaction' | 'event';

/** One browser record as stored in raw_events and announced as analytics.recorded. */
export interface RecordedItem {
  dedupeKey: string;
  kind: RecordKind;
  sessionId: string | null;
  userId: string | null;
  /** For page views of hotel pages: the hotel in the path (a slug is resolved against the projection). */
  hotelRef: HotelRef | null;
  /** A page view's path, a search's normalised query, or the type of a conversion, interaction or other event. */
  value: string | null;
  payload: unknown;
  clientTimestamp: string | null;
}

/**
 * The same record sent again (a re-sent batch, a beacon racing a sync) has the same key: same
 * session, kind and content, timestamp included.
 */
export function dedupeKey(kind: RecordKind, sessionId: string | null, payload: unknown): string {
  return createHash('sha256').update(JSON.stringify([kind, sessionId ?? '', payload])).digest('hex');
}

function item(kind: RecordKind, sessionId: string | null, userId: string | null, sent: { timestamp?: string | undefined; url?: unknown }, rest: Pick<RecordedItem, 'hotelRef' | 'value'>): RecordedItem {
  // A page's query can carry a secret (the reset page's token): stored and announced without it.
  const payload = typeof sent.url === 'string' ? { ...sent, url: redactUrl(sent.url) } : sent;
  return { dedupeKey: dedupeKey(kind, sessionId, payload), kind, sessionId, userId, clientTimestamp: payload.timestamp ?? null, payload, ...rest };
}

function pageView(url: string): Pick<RecordedItem, 'hotelRef' | 'value'> {
  const path = pagePath(url);
  return { value: path, hotelRef: path ? hotelRefFromPath(path) : null };
}

/** The records of a batch; `userId` is the signed-in caller (the body's userId is not trusted). */
export function itemsFromBatch(batch: AnalyticsBatchRequest, userId: string | null): RecordedItem[] {
  const session = batch.sessionId;
  return [
    ...batch.pageViews.map((view) => item('page_view', session, userId, view, pageView(view.url))),
    ...batch.searches.map((search) => item('search', session, userId, search, { value: normaliseSearchQuery(search.query), hotelRef: null })),
    ...batch.conversions.map((conversion) =>
      item('conversion', session, userId, conversion, { value: conversion.type, hotelRef: conversion.hotelId ? { hotelId: conversion.hotelId } : null }),
    ),
    ...batch.interactions.map((interaction) => item('interaction', session, userId, interaction, { value: interaction.type, hotelRef: null })),
  ];
}

const pageViewTypes = new Set(['page_view', 'pageview', 'page-view', 'page_viewed']);

/**
 * A single event. page_view (data.url) and search (data.query) are treated as in a batch; any
 * other type is kept as an `event`. Without a timestamp there is nothing to tell a repeat by, so
 * each such event is kept.
 */
export function itemFromEvent(request: AnalyticsEventRequest, userId: string | null): RecordedItem {
  const sessionId = typeof request.data.sessionId === 'string' ? request.data.sessionId.slice(0, 128) : null;
  const timestamp = request.timestamp;
  const type = request.type.toLowerCase();
  if (pageViewTypes.has(type)) {
    const view = pageViewRecord.safeParse({ ...request.data, timestamp });
    if (view.success) return withoutTimestampKey(item('page_view', sessionId, userId, view.data, pageView(view.data.url)));
  }
  if (type === 'search') {
    const search = searchRecord.safeParse({ ...request.data, timestamp });
    if (search.success) return withoutTimestampKey(item('search', sessionId, userId, search.data, { value: normaliseSearchQuery(search.data.query), hotelRef: null }));
  }
  const other = { type: request.type, data: request.data, timestamp };
  return withoutTimestampKey(item('event', sessionId, userId, other, { value: request.type.slice(0, 64), hotelRef: null }));
}

function withoutTimestampKey(recorded: RecordedItem): RecordedItem {
  return recorded.clientTimestamp ? recorded : { ...recorded, dedupeKey: `once:${randomUUID()}` };
}
