import type { Queue } from 'bullmq';
import type { EventHandler } from '@reproute/platform';
import { emailsForEvent, type RoutingConfig } from '../domain/routing.ts';
import type { EmailJob } from '../domain/email.ts';

/** Turns each notified event into email jobs; the job id makes a repeated event a no-op in BullMQ too. */
export function queueEmailsHandler(queue: Queue<EmailJob>, config: RoutingConfig): EventHandler {
  return async (event) => {
    for (const { jobId, email } of emailsForEvent(event, config)) {
      // The queue's telemetry puts this event's trace context into the job; the worker continues it.
      await queue.add(event.type, { email, eventId: event.id, eventType: event.type }, { jobId });
    }
  };
}
