import { createHash } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EventData } from '@reproute/contracts';
import type { Logger } from '@reproute/platform';
import type { EmailJob, EmailMessage } from './domain/email.ts';
import { savedSearchDigestEmail, type DigestItem } from './templates/saved-searches.ts';

/**
 * The weekly digest of saved-search alerts (docs/decisions.md, "Saved searches"). A match of a weekly search is kept
 * in Redis, one hash per account (`search-digest:<account>`, a field per search and hotel, so a repeat changes
 * nothing), and a delayed BullMQ job per account and send time (`search-digest` queue, job id
 * `digest-<account ref>-<send time>`, so every match of the week shares one) sends everything kept as one email when its
 * time comes: Mondays at 08:00 UTC. Tests run a digest at once by promoting its delayed job.
 */
export const DIGEST_QUEUE = 'search-digest';
export const digestKey = (userId: string) => `search-digest:${userId}`;
/**
 * What names an account in job ids: BullMQ keeps job ids in its event streams after the jobs are gone, so they hold
 * a one-way reference instead of the account's id (a deleted account's id then appears nowhere in Redis).
 */
export const digestRef = (userId: string) => createHash('sha256').update(`search-digest:${userId}`).digest('hex').slice(0, 24);

/** When a digest goes: on `weekday` (0 Sunday … 6 Saturday; null: every day) at `hourUtc`. */
export interface DigestSchedule {
  weekday: number | null;
  hourUtc: number;
}

/** The saved-search digest's send time: Monday (`weekday` 1), 08:00 UTC. */
export const digestSchedule: DigestSchedule = { weekday: 1, hourUtc: 8 };

/** The first digest send time strictly after `now`. */
export function nextDigestTime(now: Date, schedule: DigestSchedule = digestSchedule): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), schedule.hourUtc));
  if (schedule.weekday !== null) at.setUTCDate(at.getUTCDate() + ((schedule.weekday - at.getUTCDay() + 7) % 7));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + (schedule.weekday === null ? 1 : 7));
  return at;
}

export interface DigestJob {
  userId: string;
  /** The send time, epoch milliseconds. */
  sendAt: number;
}

/** A queue of digest send jobs (delayed until their send time, tried again until Redis and SMTP answer). */
export function createDigestQueue<Job extends object = DigestJob>(connection: Redis, name = DIGEST_QUEUE): Queue<Job> {
  return new Queue<Job>(name, {
    connection,
    defaultJobOptions: {
      attempts: 1_000_000,
      backoff: { type: 'exponential', delay: 1_000 },
      // Gone once done, so a match after an early run (a promoted job) schedules that send time again.
      removeOnComplete: true,
      removeOnFail: false,
    },
  });
}

/** Keeps a weekly search's match for the account's next digest and makes sure that digest is scheduled. */
export async function addToDigest(redis: Pick<Redis, 'hset'>, queue: Pick<Queue<DigestJob>, 'add'>, match: EventData<'saved-search.matched'>, now = new Date()): Promise<void> {
  const item: DigestItem = {
    savedSearchId: match.savedSearchId,
    searchName: match.searchName,
    searchPath: match.searchPath,
    email: match.email,
    hotel: match.hotel,
    matchedAt: now.toISOString(),
  };
  await redis.hset(digestKey(match.userId), `${match.savedSearchId}/${match.hotel.hotelId}`, JSON.stringify(item));
  await scheduleDigest(queue, match.userId, now);
}

async function scheduleDigest(queue: Pick<Queue<DigestJob>, 'add'>, userId: string, now: Date): Promise<void> {
  const sendAt = nextDigestTime(now).getTime();
  await queue.add('send-digest', { userId, sendAt }, { jobId: `digest-${digestRef(userId)}-${sendAt}`, delay: Math.max(0, sendAt - now.getTime()) });
}

/**
 * Sends one account's digest: everything kept for it as one email job (its id from the account, the send time and
 * the hotels in it, so running again after a crash queues the same job, which BullMQ ignores), then forgets what it
 * sent. A match kept meanwhile stays, with the next week's digest scheduled for it.
 */
export async function sendDigest(
  deps: { redis: Pick<Redis, 'hgetall' | 'hdel' | 'hlen'>; emails: Pick<Queue<EmailJob>, 'add'>; digests: Pick<Queue<DigestJob>, 'add'>; appUrl: string; logger: Logger },
  job: DigestJob,
  now = new Date(),
): Promise<number> {
  return sendKept<DigestItem>(deps, {
    key: digestKey(job.userId),
    jobIdBase: `digest-${digestRef(job.userId)}-${job.sendAt}`,
    kind: 'search-digest',
    build: (items) => savedSearchDigestEmail(job.userId, items, deps.appUrl),
    reschedule: () => scheduleDigest(deps.digests, job.userId, now),
  });
}

/**
 * One digest's send (the saved-search digest's and the lead digest's): everything kept in the hash `key` as one email
 * job, its id `jobIdBase` and a hash of the fields sent (so running again after a crash queues the same job, which
 * BullMQ ignores); then what was sent is forgotten, and what was kept meanwhile gets the next send time.
 */
export async function sendKept<Item>(
  deps: { redis: Pick<Redis, 'hgetall' | 'hdel' | 'hlen'>; emails: Pick<Queue<EmailJob>, 'add'>; logger: Logger },
  digest: { key: string; jobIdBase: string; kind: string; build: (items: Item[]) => EmailMessage; reschedule: () => Promise<void> },
): Promise<number> {
  const kept = await deps.redis.hgetall(digest.key);
  const fields = Object.keys(kept).sort();
  if (fields.length === 0) return 0;
  const items = fields.map((field) => JSON.parse(kept[field]!) as Item);
  const batch = createHash('sha256').update(fields.join('\n')).digest('hex').slice(0, 16);
  const jobId = `${digest.jobIdBase}-${batch}`;
  await deps.emails.add(digest.kind, { email: digest.build(items), eventId: jobId, eventType: digest.kind }, { jobId });
  await deps.redis.hdel(digest.key, ...fields);
  if ((await deps.redis.hlen(digest.key)) > 0) await digest.reschedule();
  deps.logger.info({ jobId, items: items.length, kind: digest.kind }, 'digest queued');
  return items.length;
}

export function createDigestWorker(options: {
  connection: Redis;
  redis: Redis;
  emails: Queue<EmailJob>;
  digests: Queue<DigestJob>;
  appUrl: string;
  logger: Logger;
}): Worker<DigestJob> {
  return digestWorker(DIGEST_QUEUE, options, (data) => sendDigest({ ...options }, data));
}

/** The worker of one digest queue: each send job runs `send` (a failure is tried again, with the queue's backoff). */
export function digestWorker<Data extends object>(name: string, options: { connection: Redis; logger: Logger }, send: (data: Data) => Promise<unknown>): Worker<Data> {
  const worker = new Worker<Data>(name, async (job: Job<Data>) => send(job.data), { connection: options.connection, concurrency: 2 });
  worker.on('failed', (job, err) => options.logger.warn({ err: { name: err.name, message: err.message }, jobId: job?.id, queue: name }, 'digest job failed'));
  worker.on('error', (err) => options.logger.warn({ err: { name: err.name, message: err.message }, queue: name }, 'digest worker error'));
  return worker;
}

/** A saved search paused, set to instant alerts or deleted: its matches kept for the digest go (the others stay). */
export async function dropSearchFromDigest(redis: Pick<Redis, 'hscan' | 'hdel'>, userId: string, savedSearchId: string): Promise<number> {
  const key = digestKey(userId);
  const fields: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.hscan(key, cursor, 'MATCH', `${savedSearchId}/*`, 'COUNT', 500);
    cursor = next;
    for (let i = 0; i < found.length; i += 2) fields.push(found[i]!);
  } while (cursor !== '0');
  if (fields.length > 0) await redis.hdel(key, ...fields);
  return fields.length;
}

/** A deleted account's kept matches and scheduled digests go (the notifier's part of the deletion). */
export async function eraseDigest(redis: Pick<Redis, 'del'>, queue: Queue<DigestJob>, userId: string): Promise<void> {
  await redis.del(digestKey(userId));
  for (const job of await queue.getJobs(['delayed', 'wait', 'failed', 'prioritized'])) {
    if (job?.data.userId === userId) await job.remove();
  }
}
