import { topics } from '@reproute/contracts';
import type { EventHandlers } from '@reproute/platform';
import { forgetAccount, recordAccount, setTravellerFlag } from '../store/stats.ts';

/**
 * The travellers the home page counts, from identity's events in their order (one partition per account):
 * a registration adds the account, a completed profile sets whether it travels, a deletion removes it. The
 * platform records each event id, and each change is idempotent, so repeats change nothing. This group reads
 * identity.users from its start; an account whose registration has already left Kafka is not counted, which
 * keeps the figure at or below the truth.
 */
export const travellerCountHandlers: EventHandlers = {
  'user.registered': async (event, tx) => recordAccount(tx, event.data.userId),
  'user.profile_completed': async (event, tx) => setTravellerFlag(tx, event.data.userId, event.data.isTraveler),
  'user.deletion-requested': async (event, tx) => forgetAccount(tx, event.data.userId),
};

export const travellerCountConsumer = {
  name: 'catalog.traveller-count',
  topics: [topics.users],
  handlers: travellerCountHandlers,
};
