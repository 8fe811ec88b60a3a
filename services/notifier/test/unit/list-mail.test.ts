import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@reproute/platform';
import { verifyEmailLinkToken } from '@reproute/platform/email-links';
import { layout, listFooterMarker, paragraph, type EmailJob, type ListEmail } from '../../src/domain/email.ts';
import { oneClickAddressProblem, withUnsubscribe } from '../../src/domain/list-mail.ts';
import { sendEmailJob, type SendDeps, type TrackedMailOptions } from '../../src/queue.ts';

const key = randomBytes(32);
const userId = '0c2b4a8e-3f5d-4e1a-9b7c-2d6f8e0a1b3c';
const email = { to: 'ana@example.com', subject: 'Hotel One replied to your review', text: 'Hi Ana,\n\nHotel One has responded.\n\nRepRoute', html: layout('The hotel replied', paragraph('Hotel One has responded.')) };
const list: ListEmail = { kind: 'review-replies', userId };

function deps(wanted: boolean) {
  const sent: TrackedMailOptions[] = [];
  const asked: ListEmail[] = [];
  const d: SendDeps = {
    from: 'RepRoute <no-reply@reproute.example>',
    logger: createLogger('test', 'silent'),
    transport: { sendMail: async (mail) => (sent.push(mail), { messageId: '<m@reproute.example>' }) },
    markers: { exists: (async () => 0) as never, set: (async () => 'OK') as never, del: (async () => 1) as never },
    lists: { key, appUrl: 'https://reproute.example', wanted: async (l) => (asked.push(l), wanted) },
  };
  return { d, sent, asked };
}
const job = (data: Partial<EmailJob['email']> = {}) => ({ id: 'e1-reviewer', data: { email: { ...email, list, ...data }, eventId: 'e1', eventType: 'review.replied' } satisfies EmailJob });

describe('list emails', () => {
  it('carry List-Unsubscribe (the one-click HTTPS address) and List-Unsubscribe-Post, and a footer with both links', async () => {
    const { email: out, headers } = withUnsubscribe({ ...email, list }, list, { key, appUrl: 'https://reproute.example' });
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/reproute\.example\/api\/email-preferences\/unsubscribe\?token=([A-Za-z0-9_.-]+))>$/.exec(headers['List-Unsubscribe']!);
    expect(oneClick).not.toBeNull();
    const token = decodeURIComponent(oneClick![2]!);
    // The token opens for this account, kind and address only.
    expect(await verifyEmailLinkToken(key, token, () => 'ana@example.com')).toMatchObject({ ok: true, claims: { userId, kind: 'review-replies', scope: null } });
    expect(await verifyEmailLinkToken(key, token, () => 'bob@example.com')).toMatchObject({ ok: false });
    expect(out.text).toContain('You received this email because a hotel replied to a review you wrote on RepRoute.');
    expect(out.text).toContain(`Unsubscribe from these emails: https://reproute.example/unsubscribe?token=${token}`);
    expect(out.text).toContain(`Email preferences: https://reproute.example/email-preferences?token=${token}`);
    expect(out.html).toContain(`<a href="https://reproute.example/unsubscribe?token=${token}"`);
    expect(out.html).toContain('>Unsubscribe from these emails</a>');
    expect(out.html).toContain('>Email preferences</a>');
    expect(out.html).not.toContain(listFooterMarker);
    expect(out).not.toHaveProperty('list');
  });

  it('are sent with the headers when the account wants them, and not at all when it turned the kind off', async () => {
    const yes = deps(true);
    expect(await sendEmailJob(job(), yes.d)).toEqual({ messageId: '<m@reproute.example>', alreadySent: false });
    expect(yes.asked).toEqual([list]);
    expect(yes.sent).toHaveLength(1);
    expect(yes.sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'List-Unsubscribe': expect.stringMatching(/^<https:\/\/reproute\.example\/api\/email-preferences\/unsubscribe\?token=/) });
    expect(yes.sent[0]!.html).toContain('Unsubscribe from these emails');

    const no = deps(false);
    expect(await sendEmailJob(job(), no.d)).toEqual({ messageId: null, alreadySent: false, suppressed: true });
    expect(no.sent).toHaveLength(0);
  });

  it('leave transactional email as it is: no unsubscribe headers, no preference asked', async () => {
    const { d, sent, asked } = deps(false);
    const { list: _none, ...transactional } = job().data.email;
    expect(await sendEmailJob({ id: 'e2-reset', data: { email: transactional, eventId: 'e2', eventType: 'user.password_reset_requested' } }, d)).toMatchObject({ alreadySent: false });
    expect(asked).toEqual([]);
    expect(sent[0]!.headers).toBeUndefined();
    expect(sent[0]!.html).not.toContain(listFooterMarker);
    expect(sent[0]!.html).not.toContain('Unsubscribe');
  });

  it('warn in production when the site address is not https (mail clients offer one-click only for https)', () => {
    expect(oneClickAddressProblem('https://reproute.example', 'production')).toBeNull();
    expect(oneClickAddressProblem('http://127.0.0.1:8080', 'development')).toBeNull();
    expect(oneClickAddressProblem('http://reproute.example', 'production')).toMatch(/not https/);
  });
});
