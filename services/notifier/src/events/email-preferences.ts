import type { EventHandlers } from '@reproute/platform';
import { replaceOptOuts } from '../store/email-opt-outs.ts';

/**
 * The notifier's copy of an account's email opt-outs (identity owns them): each `user.email_preferences_changed`
 * carries the account's whole list, keyed by the account, so events arrive in order and the latest is the truth.
 * The worker reads the copy as it sends each list email (queue.ts).
 */
export const emailPreferenceHandlers: EventHandlers = {
  'user.email_preferences_changed': async (event, tx) => {
    await replaceOptOuts(tx, event.data.userId, event.data.optOuts);
  },
};
