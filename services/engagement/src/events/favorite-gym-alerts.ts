import { topics } from '@reproute/contracts';
import type { EventHandlers } from '@reproute/platform';
import { followVerifiedAddress, tellFavoriteOwners } from '../store/favorite-alerts.ts';

/** A favourite hotel's gym changed: its favourites' owners are told (`favorite.gym-updated`, emailed by the notifier). */
export const favoriteGymAlertConsumer = {
  name: 'engagement.favorite-gym-alerts',
  topics: [topics.hotels],
  handlers: {
    'hotel.gym-updated': async (event, tx) => {
      await tellFavoriteOwners(tx, event.data);
    },
  } satisfies EventHandlers,
};

/** An email change confirmed: a favourite's alerts go to the new address. */
export const favoriteAlertAddressConsumer = {
  name: 'engagement.favorite-alert-addresses',
  topics: [topics.users],
  handlers: {
    'user.email_verified': async (event, tx) => followVerifiedAddress(tx, event.data.userId, event.data.email),
  } satisfies EventHandlers,
};
