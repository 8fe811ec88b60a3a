import { topics } from '@reproute/contracts';
import type { EventHandlers, Logger } from '@reproute/platform';
import { recordErasure } from '../store/account-deletion.ts';

/**
 * The services' reports that they erased their part of a deleted account: the last one finishes the deletion
 * (the account's row goes). `onFinished` then clears what Redis holds of the account (its failed sign-in counters).
 */
export function erasureReportHandlers(logger: Logger, onFinished: (emails: string[]) => Promise<void> = async () => undefined): EventHandlers {
  return {
    'user.data-erased': async (event, tx) => {
      const { userId, service } = event.data;
      const outcome = await recordErasure(tx, userId, service);
      if (outcome.kind === 'unknown') return logger.info({ userId, service }, 'erasure report for no running deletion; nothing to do');
      if (outcome.kind === 'waiting') return logger.info({ userId, service, missing: outcome.missing }, 'erasure reported; waiting for the others');
      logger.info({ userId, service }, 'every service erased its part; account removed');
      // Best effort and outside the transaction (a failure must not undo the removal): the counters expire anyway.
      void onFinished(outcome.emails).catch((err: unknown) => logger.warn({ err }, 'could not clear the account\'s sign-in counters'));
    },
  };
}

export const erasureReportConsumer = { name: 'identity-erasure-reports', topics: [topics.erasures] };
