import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { api, emailsTo, envelope, eventually, publish, registerTraveller, stack, testBus, waitForEmail, type MaildevEmail } from '@reproute/platform/testing';
import { EMAIL_QUEUE } from '../../src/queue.ts';
import { deletionFinished, isNamedLeftover, tracesInSchemas } from '../../../../gateway/test/integration/account-support.ts';

/**
 * Email a person can stop (ruling 18), through the real system: the notifier's Kafka consumer, BullMQ, SMTP
 * (MailDev), the gateway and identity. A reply notice arrives with List-Unsubscribe and List-Unsubscribe-Post and
 * a visible link; the List-Unsubscribe address, POSTed exactly as a mail client does (RFC 8058: a form body, no
 * sign-in, no cookie), stops the next reply notice; another kind still comes, and so does transactional mail.
 */
const appUrl = (process.env.PUBLIC_APP_URL ?? stack.gatewayUrl).replace(/\/+$/, '');
const bus = testBus();
const notifierDb = new pg.Pool({ connectionString: stack.databaseUrl('notifier'), max: 2, options: '-c search_path=notifier' });
const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: null });
const queue = new Queue(EMAIL_QUEUE, { connection: redis });
afterAll(async () => {
  await bus.close();
  await queue.close();
  redis.disconnect();
  await notifierDb.end();
});

/**
 * A review's facts as engagement publishes them, for this account. Of a hotel no catalog has: the catalog hears
 * these events on the shared topic too, and a seeded hotel's figures must stay those of its real reviews.
 */
function reviewFacts(account: { user: { id: string }; email: string }, hotelName: string) {
  return {
    reviewId: randomUUID(), hotelId: 2_000_000_000, hotelName, userId: account.user.id, reviewerEmail: account.email, reviewerFirstName: 'Una',
    rating: 5, gymRating: 5, title: 'Great rack',
  };
}

/** The BullMQ job of one email, once it has finished: what sending it came to. */
async function finishedJob(jobId: string): Promise<{ suppressed?: boolean; alreadySent: boolean; messageId: string | null }> {
  return eventually(async () => {
    // The job read before it finishes has no return value yet: read it again once it is in the completed set.
    if ((await queue.getJobState(jobId)) !== 'completed') return undefined;
    const job = await queue.getJob(jobId);
    return job?.returnvalue as { suppressed?: boolean; alreadySent: boolean; messageId: string | null } | undefined;
  }, 30_000, `email job ${jobId} finished`);
}

/**
 * The email's header fields as a mail client reads them: from the raw message MailDev keeps (its parsed `headers`
 * holds only a few), folded lines unfolded (RFC 5322), names lower-cased.
 */
async function rawHeaders(email: MaildevEmail): Promise<Record<string, string>> {
  const source = await (await fetch(`${stack.maildevUrl}/api/email/${email.id}/source`)).text();
  const head = source.slice(0, source.indexOf('\r\n\r\n') >= 0 ? source.indexOf('\r\n\r\n') : source.indexOf('\n\n')).replace(/\r?\n[ \t]+/g, ' ');
  const fields: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return fields;
}

/** The https (locally: the site's own) address of List-Unsubscribe, as RFC 8058 clients take it. */
const oneClickUrl = (headers: Record<string, string>) => /^<(https?:\/\/[^>]+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1];

describe('one-click unsubscribe, end to end', () => {
  it('a reply notice carries both headers and a visible link; POSTing the header\'s address stops the next one, other mail keeps coming', async () => {
    const account = await registerTraveller({ firstName: 'Una' });
    const hotel = `Unsub Hotel ${randomUUID().slice(0, 8)}`;

    // 1. A non-transactional email: both headers, and the links in the text and the HTML.
    const first = envelope('review.replied', { ...reviewFacts(account, hotel), replyText: 'Thank you!' });
    await publish(bus, first, first.data.reviewId);
    const notice = await waitForEmail((e) => e.to.some((t) => t.address === account.email) && e.subject === `${hotel} replied to your review`, 30_000);
    const headers = await rawHeaders(notice);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = oneClickUrl(headers);
    expect(url?.startsWith(`${appUrl}/api/email-preferences/unsubscribe?token=`)).toBe(true);
    const token = new URL(url!).searchParams.get('token')!;
    expect(notice.text).toContain('You received this email because a hotel replied to a review you wrote on RepRoute.');
    expect(notice.text).toContain(`Unsubscribe from these emails: ${appUrl}/unsubscribe?token=${token}`);
    expect(notice.text).toContain(`Email preferences: ${appUrl}/email-preferences?token=${token}`);
    expect(notice.html).toContain(`href="${appUrl}/unsubscribe?token=${token}"`);
    expect(notice.html).toContain('Unsubscribe from these emails</a>');
    expect(notice.html).toContain('Email preferences</a>');

    // 2. The mail client's one click: a POST of the form body to exactly that address, nothing else.
    const clicked = await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toMatchObject({ kind: 'review-replies', scope: null });
    const prefs = await api('GET', '/api/email-preferences', { token: account.token });
    expect(prefs.body.optOuts).toEqual([{ kind: 'review-replies', scope: null }]);
    // The notifier's copy follows (identity's event on Kafka).
    await eventually(async () => (await notifierDb.query("SELECT 1 FROM email_opt_outs WHERE user_id = $1 AND kind = 'review-replies'", [account.user.id])).rows.length === 1, 30_000, 'the notifier\'s copy of the opt-out');

    // 3. The next reply notice is not sent; a review notice (another kind) and a password reset (transactional) are.
    const second = envelope('review.replied', { ...reviewFacts(account, hotel), replyText: 'Thanks again!' });
    await publish(bus, second, second.data.reviewId);
    const approved = envelope('review.approved', reviewFacts(account, hotel));
    await publish(bus, approved, approved.data.reviewId);
    expect((await api('POST', '/api/forgot-password', { body: { email: account.email } })).status).toBe(200);

    expect(await finishedJob(`${second.id}-reviewer`)).toEqual({ messageId: null, alreadySent: false, suppressed: true });
    const live = await waitForEmail((e) => e.to.some((t) => t.address === account.email) && e.subject === `Your review of ${hotel} is live`, 30_000);
    expect((await rawHeaders(live))['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const reset = await waitForEmail((e) => e.to.some((t) => t.address === account.email) && e.subject === 'Reset your RepRoute password', 30_000);
    // Transactional: no unsubscribe, and it says why it was sent.
    const resetHeaders = await rawHeaders(reset);
    expect(resetHeaders.subject).toBe('Reset your RepRoute password');
    expect(resetHeaders['list-unsubscribe']).toBeUndefined();
    expect(resetHeaders['list-unsubscribe-post']).toBeUndefined();
    expect(reset.text).toContain('You received this email because a password reset was asked for the RepRoute account with this address.');
    expect(reset.text).not.toContain('Unsubscribe');

    const replies = (await emailsTo(account.email)).filter((e) => e.subject === `${hotel} replied to your review`);
    expect(replies).toHaveLength(1);

    // 4. The same token cannot stop another kind or another address's email: only its own kind was turned off.
    expect((await api('GET', '/api/email-preferences', { token: account.token })).body.optOuts).toEqual([{ kind: 'review-replies', scope: null }]);
  });

  it('a GET of the List-Unsubscribe address (a scanner, or a browser) changes nothing and leads to the page that confirms', async () => {
    const account = await registerTraveller({ firstName: 'Gus' });
    const hotel = `Scanned Hotel ${randomUUID().slice(0, 8)}`;
    const event = envelope('review.approved', reviewFacts(account, hotel));
    await publish(bus, event, event.data.reviewId);
    const notice = await waitForEmail((e) => e.to.some((t) => t.address === account.email) && e.subject === `Your review of ${hotel} is live`, 30_000);
    const url = oneClickUrl(await rawHeaders(notice))!;
    const scanned = await fetch(url, { redirect: 'manual' });
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(new URL(url).searchParams.get('token')!)}`);
    const page = await fetch(new URL(scanned.headers.get('location')!, appUrl));
    expect(page.status).toBe(200);
    expect((await api('GET', '/api/email-preferences', { token: account.token })).body.optOuts).toEqual([]);
  });

  it('an account that unsubscribed and is then deleted leaves no preference anywhere: identity\'s rows and the notifier\'s copy go', async () => {
    const account = await registerTraveller({ firstName: 'Del' });
    const hotel = `Gone Hotel ${randomUUID().slice(0, 8)}`;
    const event = envelope('review.approved', reviewFacts(account, hotel));
    await publish(bus, event, event.data.reviewId);
    const notice = await waitForEmail((e) => e.to.some((t) => t.address === account.email) && e.subject === `Your review of ${hotel} is live`, 30_000);
    const url = oneClickUrl(await rawHeaders(notice))!;
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    await eventually(async () => (await notifierDb.query('SELECT 1 FROM email_opt_outs WHERE user_id = $1', [account.user.id])).rows.length === 1, 30_000, 'the notifier\'s copy of the opt-out');

    const deleted = await api('POST', '/api/auth/delete-account', { token: account.token, body: { currentPassword: account.password } });
    expect(deleted.status).toBe(202);
    // While it is being deleted, its links stop at once.
    const late = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(late.status).toBe(400);
    await deletionFinished(account.user.id);
    const traces = (await tracesInSchemas([account.user.id, account.email])).filter((t) => !isNamedLeftover(t));
    expect(traces.filter((t) => t.place.endsWith('.email_opt_outs'))).toEqual([]);
    expect((await notifierDb.query('SELECT 1 FROM email_opt_outs WHERE user_id = $1', [account.user.id])).rows).toEqual([]);
  });
});
