import { topics } from '@reproute/contracts';
import { accountErasureHandlers } from '@reproute/platform';
import { eraseAccount } from '../store/account-data.ts';

/** The webhooks service's part of deleting an account (store/account-data.ts). */
export const accountErasureConsumer = {
  name: 'webhooks-account-erasure',
  topics: [topics.users],
  handlers: accountErasureHandlers('webhooks', eraseAccount),
};
