import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EventHandlers } from '@reproute/platform';
import { addToDigest, dropSearchFromDigest, eraseDigest, type DigestJob } from '../digest.ts';
import { eraseFromLeadDigests, holdLeadForDigest, type LeadDigestJob } from '../lead-digest.ts';

/**
 * The notifier consumer's handlers with the digests' part: a weekly search's match is kept for the saved-search
 * digest and a daily property's lead for its addresses' lead digest (the instant ones go on to the email handler as
 * every other event); a search paused or deleted takes its kept matches back; and a deleted account's kept matches,
 * its scheduled digests and the leads it sent go before the rest of its erasure (account-erasure.ts) reports it done.
 */
export function withDigests(handlers: EventHandlers, deps: { redis: Redis; digests: Queue<DigestJob>; leadDigests: Queue<LeadDigestJob> }): EventHandlers {
  const emailMatch = handlers['saved-search.matched'];
  const emailLead = handlers['lead.created'];
  const erase = handlers['user.deletion-requested'];
  return {
    ...handlers,
    'saved-search.matched': async (event, tx) => {
      if (event.data.delivery === 'weekly') await addToDigest(deps.redis, deps.digests, event.data);
      else await emailMatch?.(event, tx);
    },
    // Comes after the search's earlier matches (the same key): a search no longer weekly takes its kept matches back.
    'saved-search.changed': async (event) => {
      if (event.data.alerts !== 'weekly') await dropSearchFromDigest(deps.redis, event.data.userId, event.data.savedSearchId);
    },
    'lead.created': async (event, tx) => {
      if (event.data.delivery === 'daily') await holdLeadForDigest(deps.redis, deps.leadDigests, event.data);
      else await emailLead?.(event, tx);
    },
    ...(erase
      ? {
          'user.deletion-requested': async (event, tx) => {
            await eraseDigest(deps.redis, deps.digests, event.data.userId);
            await eraseFromLeadDigests(deps.redis, event.data);
            await erase(event, tx);
          },
        }
      : {}),
  };
}
