import { topics } from '@reproute/contracts';
import { accountErasureHandlers, type EventHandlers } from '@reproute/platform';
import { recordRegistration } from '../store/moderation.ts';
import { eraseAccount } from '../store/account-data.ts';

/**
 * Keeps when each account was registered, so moderators see how old a reviewer's account is, and erases
 * engagement's part of a deleted account. One group for both: an account's events come in order on one
 * partition, so its registration is never recorded after its erasure.
 */
export const reviewerAccountHandlers: EventHandlers = {
  'user.registered': async (event, tx) => {
    await recordRegistration(tx, event.data.userId, event.occurredAt);
  },
  ...accountErasureHandlers('engagement', eraseAccount),
};

export const reviewerAccountConsumer = {
  name: 'engagement-reviewer-accounts',
  topics: [topics.users],
  handlers: reviewerAccountHandlers,
};
