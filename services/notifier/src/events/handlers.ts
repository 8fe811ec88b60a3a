import type { Queue } from 'bullmq';
import type { EventHandler } from '@reproute/platform';
import { emailsForEvent, type RoutingConfig } from '../domain/routing.ts';
import type { EmailJob } from '../domain/email.ts';

/**
 * Turns each notified event into email jobs. The notifier keeps an email from going out twice in three layers,
 * each for a failure the other two cannot see (README, "Flow and exactly-once"):
 *
 * 1. processed_events (the platform consumer, in the handler's Postgres transaction): Kafka delivering an event
 *    that was already handled (a crash or rebalance after the commit but before the offset commit, an offset reset
 *    or a new consumer group reading the topic again, a DLQ replay). It is kept 8 days, longer than Kafka keeps an
 *    event, whatever the volume, where BullMQ keeps at most 100,000 completed jobs (createEmailQueue): past about
 *    600 emails an hour a redelivery near the end of Kafka's week would find its job gone and send again. The repeat is also skipped without
 *    Redis, so it cannot hold the consumer up while Redis is down.
 * 2. The job id, `<event id>-<suffix>` (here): a handler that queued jobs whose transaction then did not commit
 *    (the notifier killed between queue.add and COMMIT, the commit failing, or the second email of an event, such as
 *    a contact message's acknowledgement, failing to queue after the first was). The jobs live in Redis and the
 *    record in Postgres, with no transaction over both: the rolled-back record lets the event run again, and only
 *    the id keeps its already queued emails from being queued a second time.
 * 3. The sent marker, `email:sent:<job id>` (queue.ts, sendEmailJob): BullMQ running one job again, because its
 *    worker died or lost its lock after SMTP took the email but before the job was marked complete (a stalled job).
 *    Layers 1 and 2 are behind it: it is the same job, queued once.
 */
export function queueEmailsHandler(queue: Queue<EmailJob>, config: RoutingConfig): EventHandler {
  return async (event) => {
    for (const { jobId, email } of emailsForEvent(event, config)) {
      // The queue's telemetry puts this event's trace context into the job; the worker continues it.
      await queue.add(event.type, { email, eventId: event.id, eventType: event.type }, { jobId });
    }
  };
}
