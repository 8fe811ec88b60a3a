import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EventData } from '@reproute/contracts';
import type { Logger } from '@reproute/platform';
import { singleAddress, type EmailJob } from './domain/email.ts';
import { nextDigestTime, sendKept, type DigestSchedule } from './digest.ts';
import { leadContact, leadDigestEmail, type LeadDigestItem } from './templates/leads.ts';

/**
 * The daily lead digest (docs/decisions.md, "Lead routing and the inbox"): a property whose routing says `daily`
 * has each lead kept in Redis for each of its addresses (`lead-digest:<address ref>`, a field per lead, so a repeat
 * of the event changes nothing) and one delayed BullMQ job per address and send time (`lead-digest` queue, job id
 * `lead-digest-<address ref>-<send time>`) sends what is kept as one email at 08:00 UTC: one digest a day per
 * address, whichever properties its leads are for. Keys and job ids name the address by a one-way reference, and
 * job data carries only that reference: the address is in the kept leads alone, which an erasure removes.
 */
export const LEAD_DIGEST_QUEUE = 'lead-digest';
export const leadDigestSchedule: DigestSchedule = { weekday: null, hourUtc: 8 };
const keyPrefix = 'lead-digest:';

const normalAddress = (address: string) => address.trim().toLowerCase();
export const leadDigestRef = (address: string) => createHash('sha256').update(`lead-digest:${normalAddress(address)}`).digest('hex').slice(0, 24);
export const leadDigestKey = (ref: string) => `${keyPrefix}${ref}`;

export interface LeadDigestJob {
  /** The recipient's one-way reference (leadDigestRef). */
  ref: string;
  /** The send time, epoch milliseconds. */
  sendAt: number;
}

/** Where a daily property's lead goes: each routed address (the listing's lead address when none is routed). */
function digestRecipients(lead: EventData<'lead.created'>): string[] {
  const routed = (lead.recipients ?? []).length > 0 ? lead.recipients! : [lead.contactEmail ?? ''];
  return [...new Set(routed.map((address) => singleAddress(address)?.toLowerCase()).filter((address): address is string => Boolean(address)))];
}

/**
 * Keeps a daily property's lead for the next digest of each of its addresses and makes sure each digest is
 * scheduled. A lead without a verified traveller's contact sends the hotel nothing (ruling 14), so none is kept.
 */
export async function holdLeadForDigest(redis: Pick<Redis, 'hset'>, queue: Pick<Queue<LeadDigestJob>, 'add'>, lead: EventData<'lead.created'>, now = new Date()): Promise<number> {
  const contact = leadContact(lead);
  if (!contact.email) return 0;
  const recipients = digestRecipients(lead);
  for (const recipient of recipients) {
    const item: LeadDigestItem = {
      recipient,
      leadId: lead.leadId,
      hotelId: lead.hotelId,
      hotelName: lead.hotelName,
      userId: lead.userId,
      ...contact,
      checkInDate: lead.checkInDate,
      checkOutDate: lead.checkOutDate,
      guests: lead.guests,
      referralId: lead.referralId ?? null,
      receivedAt: now.toISOString(),
    };
    const ref = leadDigestRef(recipient);
    await redis.hset(leadDigestKey(ref), lead.leadId, JSON.stringify(item));
    await scheduleLeadDigest(queue, ref, now);
  }
  return recipients.length;
}

async function scheduleLeadDigest(queue: Pick<Queue<LeadDigestJob>, 'add'>, ref: string, now: Date): Promise<void> {
  const sendAt = nextDigestTime(now, leadDigestSchedule).getTime();
  await queue.add('send-lead-digest', { ref, sendAt }, { jobId: `lead-digest-${ref}-${sendAt}`, delay: Math.max(0, sendAt - now.getTime()) });
}

/**
 * Sends one address's digest: every lead kept for it as one email job (its id from the address, the send time and
 * the leads in it, so running again after a crash queues the same job, which BullMQ ignores), then forgets what it
 * sent. A lead kept meanwhile stays, with the next day's digest scheduled for it.
 */
export async function sendLeadDigest(
  deps: { redis: Pick<Redis, 'hgetall' | 'hdel' | 'hlen'>; emails: Pick<Queue<EmailJob>, 'add'>; digests: Pick<Queue<LeadDigestJob>, 'add'>; appUrl: string; logger: Logger },
  job: LeadDigestJob,
  now = new Date(),
): Promise<number> {
  return sendKept<LeadDigestItem>(deps, {
    key: leadDigestKey(job.ref),
    jobIdBase: `lead-digest-${job.ref}-${job.sendAt}`,
    kind: 'lead-digest',
    build: (items) => leadDigestEmail(items, deps.appUrl),
    reschedule: () => scheduleLeadDigest(deps.digests, job.ref, now),
  });
}

/**
 * The notifier's part of deleting an account, for the lead digests: a lead the traveller sent (their account, or
 * one of their addresses) is taken out of every digest still waiting, and the digest of an address of the account
 * (a member who received a property's leads) goes whole. The kept digests are few (one per address of a daily
 * property with leads since 08:00), so they are scanned rather than indexed by traveller.
 */
export async function eraseFromLeadDigests(redis: Pick<Redis, 'scan' | 'hgetall' | 'hdel' | 'del'>, account: { userId: string; emails: readonly string[] }): Promise<number> {
  const addresses = new Set(account.emails.map(normalAddress));
  let removed = 0;
  for (const address of addresses) removed += await redis.del(leadDigestKey(leadDigestRef(address)));
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      const kept = await redis.hgetall(key);
      const fields = Object.entries(kept)
        .filter(([, value]) => {
          const item = JSON.parse(value) as LeadDigestItem;
          return item.userId === account.userId || (item.email !== null && addresses.has(normalAddress(item.email)));
        })
        .map(([field]) => field);
      if (fields.length > 0) removed += await redis.hdel(key, ...fields);
    }
  } while (cursor !== '0');
  return removed;
}
