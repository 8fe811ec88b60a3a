import type { Job, JobType, Queue } from 'bullmq';
import { accountErasureHandlers, TransientError, type EventHandlers } from '@reproute/platform';
import type { EmailJob } from '../domain/email.ts';
import { emailConcerns } from '../domain/erasure.ts';
import { eraseOptOuts } from '../store/email-opt-outs.ts';

/** Every state a job can wait or rest in; an active one is being sent right now. */
const restingStates: JobType[] = ['completed', 'failed', 'delayed', 'wait', 'prioritized', 'waiting-children'];
const page = 500;

/** The jobs in `states` whose email concerns the addresses, read a page at a time. */
async function jobsConcerning(queue: Queue<EmailJob>, states: JobType[], addresses: readonly string[]): Promise<Job<EmailJob>[]> {
  const found: Job<EmailJob>[] = [];
  for (const state of states) {
    for (let start = 0; ; start += page) {
      const jobs = await queue.getJobs([state], start, start + page - 1, true);
      for (const job of jobs) if (job && emailConcerns(job.data, addresses)) found.push(job);
      if (jobs.length < page) break;
    }
  }
  return found;
}

/**
 * The notifier's part of deleting an account (docs/decisions.md, "Deleting an account"): the email jobs it keeps
 * (a week of sent ones, to recognise a repeat; failed ones; ones still waiting) that go to, answer to or name one
 * of the account's addresses are removed, so Redis keeps no copy of them; one still waiting is not sent. One
 * being sent at this moment is waited for (the consumer tries the event again shortly: a transient failure).
 */
export function emailJobErasureHandlers(queue: Queue<EmailJob>): EventHandlers {
  return accountErasureHandlers('notifier', async (tx, account) => {
    // The copy of the account's email opt-outs goes with it (identity's own go with the account's row).
    await eraseOptOuts(tx, account.userId);
    if ((await jobsConcerning(queue, ['active'], account.emails)).length > 0) {
      throw new TransientError('an email concerning the account is being sent; erasing once it is out');
    }
    for (const job of await jobsConcerning(queue, restingStates, account.emails)) {
      // A job that moved on meanwhile (just started) is left for the next attempt, which the consumer makes.
      await job.remove().catch((err: unknown) => {
        throw new TransientError('an email job could not be removed yet', { cause: err });
      });
    }
  });
}
