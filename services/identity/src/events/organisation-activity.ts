import { activityActions, topics, type ActivityAction } from '@reproute/contracts';
import type { EventHandlers, Logger } from '@reproute/platform';
import { recordActivity } from '../store/organisations.ts';

/**
 * The organisations' activity log, from the services where members change things (catalog: listings and photos;
 * referral: lead status; engagement: replies). The event id is the line's id, so a repeated event adds nothing.
 */
export function organisationActivityHandlers(logger: Logger): EventHandlers {
  return {
    'organisation.activity': async (event, tx) => {
      const data = event.data;
      if (!(activityActions as readonly string[]).includes(data.action)) return logger.warn({ action: data.action }, 'unknown activity action ignored');
      await recordActivity(tx, { id: event.id, ...data, action: data.action as ActivityAction, at: event.occurredAt });
    },
  };
}

export const organisationActivityConsumer = { name: 'identity-organisation-activity', topics: [topics.organisationActivity] };
