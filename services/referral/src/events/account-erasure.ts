import { topics } from '@reproute/contracts';
import { accountErasureHandlers } from '@reproute/platform';
import { eraseAccount } from '../store/account-data.ts';

/** Referral's part of deleting an account: its consumer of identity's events (store/account-data.ts). */
export const accountErasureConsumer = {
  name: 'referral-account-erasure',
  topics: [topics.users],
  handlers: accountErasureHandlers('referral', eraseAccount),
};
