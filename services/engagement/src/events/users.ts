import { topics } from '@reproute/contracts';
import type { EventHandlers } from '@reproute/platform';
import { recordRegistration } from '../store/moderation.ts';

/** Keeps when each account was registered, so moderators see how old a reviewer's account is. */
export const reviewerAccountHandlers: EventHandlers = {
  'user.registered': async (event, tx) => {
    await recordRegistration(tx, event.data.userId, event.occurredAt);
  },
};

export const reviewerAccountConsumer = {
  name: 'engagement-reviewer-accounts',
  topics: [topics.users],
  handlers: reviewerAccountHandlers,
};
