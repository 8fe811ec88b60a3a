import type { Envelope } from '@reproute/contracts';
import { hotelProjectionHandlersFor, type EventHandler, type EventHandlers, type PoolClient } from '@reproute/platform';
import { conversionSideOf, convertedClickChange, rollupFor } from '../domain/rollups.ts';
import { hotelRefFromPath } from '../domain/paths.ts';
import { hotelIdsBySlug, markHotelDeleted, upsertHotel } from '../store/hotels.ts';
import { applyRollup, noteConversion } from '../store/rollups.ts';

/** A page view recorded before its hotel's slug was known gets its hotel from the projection now. */
async function pageHotelId(event: Envelope, tx: PoolClient): Promise<number | null> {
  if (event.type !== 'analytics.recorded') return null;
  const { kind, hotelId, value } = (event as Envelope<'analytics.recorded'>).data;
  if (kind !== 'page_view' || hotelId !== null || !value) return null;
  const ref = hotelRefFromPath(value);
  if (!ref) return null;
  if ('hotelId' in ref) return ref.hotelId;
  return (await hotelIdsBySlug(tx, [ref.slug])).get(ref.slug) ?? null;
}

const countIntoRollups: EventHandler = async (event, tx) => {
  const change = rollupFor(event, await pageHotelId(event, tx));
  if (change) await applyRollup(tx, change);
};

/** A click or a lead: counted as itself, and as one converted click once both of a referral id have been seen. */
const countWithConversion: EventHandler = async (event, tx) => {
  await countIntoRollups(event, tx);
  const side = conversionSideOf(event);
  if (!side) return;
  const clickDay = await noteConversion(tx, side);
  if (clickDay) await applyRollup(tx, convertedClickChange(side.hotelId, clickDay, side.hour));
};

/**
 * One consumer group reads every service's events: hotel.* keep the hotel projection (names,
 * slugs, owners); the rest are counted into the rollups. The platform records each event id, so a
 * repeat delivery counts once.
 */
export const analyticsHandlers: EventHandlers = {
  ...hotelProjectionHandlersFor({ upsert: upsertHotel, markDeleted: markHotelDeleted }),
  'referral.clicked': countWithConversion,
  'lead.created': countWithConversion,
  'favorite.added': countIntoRollups,
  'favorite.removed': countIntoRollups,
  'review.submitted': countIntoRollups,
  'review.approved': countIntoRollups,
  'analytics.recorded': countIntoRollups,
};
