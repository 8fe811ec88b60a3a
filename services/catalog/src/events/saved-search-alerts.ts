import { topics } from '@reproute/contracts';
import type { EventHandlers, Logger, PoolClient } from '@reproute/platform';
import { recordSavedSearchMatches, updateSavedSearchEmail } from '../store/saved-searches.ts';

/**
 * Saved-search alerts from the catalog's own events: a hotel that goes live (`hotel.approved`, or an admin's hotel
 * created approved) is matched against every saved search that is not paused and was saved before it went live,
 * with the search page's rules (store/saved-searches.ts); each search that finds it records the hotel once and
 * announces `saved-search.matched` for the notifier, in the handler's transaction (the event id recorded with it,
 * so a repeat changes nothing).
 */
export function savedSearchMatchHandlers(logger: Logger): EventHandlers {
  const match = async (hotelId: number, occurredAt: string, tx: PoolClient, eventId: string) => {
    const matched = await recordSavedSearchMatches(tx, hotelId, new Date(occurredAt), logger);
    if (matched > 0) logger.info({ eventId, hotelId, matched }, 'saved searches matched a hotel');
  };
  return {
    'hotel.approved': async (event, tx) => match(event.data.hotelId, event.occurredAt, tx, event.id),
    'hotel.created': async (event, tx) => {
      if (event.data.isApproved) await match(event.data.hotelId, event.occurredAt, tx, event.id);
    },
  };
}

export const savedSearchMatchConsumer = {
  name: 'catalog.saved-search-matches',
  topics: [topics.hotels],
};

/** A saved search's alerts follow the account's address: identity's `user.email_verified` (an email change confirmed). */
export const savedSearchAddressHandlers: EventHandlers = {
  'user.email_verified': async (event, tx) => updateSavedSearchEmail(tx, event.data.userId, event.data.email),
};

export const savedSearchAddressConsumer = {
  name: 'catalog.saved-search-addresses',
  topics: [topics.users],
  handlers: savedSearchAddressHandlers,
};
