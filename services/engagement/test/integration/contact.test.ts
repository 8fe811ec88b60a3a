import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { uniqueEmail, type MaildevEmail } from '@reproute/platform/testing';
import { apiFrom, uniqueClientAddress } from '@reproute/platform/testing';
import { expectEmailsExactly, replyToOf, sentTo, uniqueTag } from './support.ts';

const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@reproute.example';
// The service's per-address limit (its default unless the live system was started with others). Validation
// and the per-client limit are in test/routes; here what reaches support and the sender by email.
const perEmailLimit = Number(process.env.CONTACT_LIMIT_PER_EMAIL ?? 5);

// This file's messages leave from their own loopback address, so its per-client budget is not shared with other tests.
const fileClient = uniqueClientAddress();
const contact = (body: unknown, client = fileClient) => apiFrom(client, 'POST', '/api/contact', { body });

/** Every address SMTP was asked to deliver an email to (MailDev's envelope), lower case. */
const envelopeRecipients = (email: MaildevEmail) => ((email as unknown as { envelope?: { to?: { address: string }[] } }).envelope?.to ?? []).map((t) => t.address.toLowerCase());

describe('POST /api/contact through the gateway', () => {
  it('stores the message, emails support (reply-to the sender) and acknowledges only the sender, without echoing what they wrote', async () => {
    const tag = uniqueTag('contact');
    const email = uniqueEmail('contact');
    const message = `Do your partner hotels have lifting platforms? <b>${tag}</b>`;
    const res = await contact({ name: '  Casey Contact ', email, subject: `Platforms ${tag}`, message, inquiryType: 'technical' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: "Thank you for contacting us! We'll get back to you within 24 hours." });

    const [toSupport] = await expectEmailsExactly((e) => sentTo(supportEmail)(e) && e.subject.includes(tag), 1, { what: 'support copy' });
    expect(toSupport!.subject).toBe(`[Contact · technical] Platforms ${tag}`);
    expect(toSupport!.text).toContain('Casey Contact');
    expect(toSupport!.text).toContain(email);
    expect(toSupport!.text).toContain(message);
    expect(toSupport!.html).toContain(`&lt;b&gt;${tag}&lt;/b&gt;`);
    expect(toSupport!.html).not.toContain(`<b>${tag}</b>`);
    expect(envelopeRecipients(toSupport!)).toEqual([supportEmail.toLowerCase()]);
    expect(await replyToOf(toSupport!)).toBe(email);

    const [ack] = await expectEmailsExactly(sentTo(email), 1, { settleMs: 0, what: 'acknowledgement' });
    expect(ack!.subject).toBe('We received your message');
    expect(ack!.text).toContain("thank you for contacting us! We'll get back to you within 24 hours.");
    expect(envelopeRecipients(ack!)).toEqual([email.toLowerCase()]);
    for (const echoed of [tag, 'lifting platforms', 'Casey']) expect(`${ack!.subject}${ack!.text}${ack!.html}`).not.toContain(echoed);
  });

  it('needs no subject and defaults the inquiry type to general', async () => {
    const email = uniqueEmail('nosubject');
    const res = await contact({ name: 'Nia', email, message: 'Just saying hello.' });
    expect(res.status).toBe(201);
    const [toSupport] = await expectEmailsExactly((e) => sentTo(supportEmail)(e) && (e.text ?? '').includes(email), 1, { settleMs: 0 });
    expect(toSupport!.subject).toBe('[Contact · general] Message from Nia');
  });

  it('keeps line breaks out of the name and subject that reach support', async () => {
    const tag = uniqueTag('oneline');
    const email = uniqueEmail('oneline');
    const res = await contact({ name: 'Lina\r\nBcc: hidden@example.com', email, subject: `Hello\r\nBcc: hidden@example.com ${tag}`, message: 'Two lines\nare fine in the message.' });
    expect(res.status).toBe(201);
    const [toSupport] = await expectEmailsExactly((e) => sentTo(supportEmail)(e) && e.subject.includes(tag), 1, { settleMs: 0, what: 'support copy' });
    expect(toSupport!.subject).toBe(`[Contact · general] Hello Bcc: hidden@example.com ${tag}`);
    expect(envelopeRecipients(toSupport!)).toEqual([supportEmail.toLowerCase()]);
    expect(toSupport!.text).toContain('From: Lina Bcc: hidden@example.com <');
    expect(await replyToOf(toSupport!)).toBe(email);
  });

  it(`answers 429 with Retry-After after ${perEmailLimit} messages for one address, from any clients, and sends no more acknowledgements`, async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < perEmailLimit; i++) {
      expect((await contact({ name: 'Rae Repeat', email, message: `Message ${i}` }, uniqueClientAddress())).status).toBe(201);
    }
    const refused = await contact({ name: 'Rae Repeat', email: email.toUpperCase(), message: 'One too many' }, uniqueClientAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(new RegExp(`^${messages.tooManyContactMessages} Please try again in \\d+ (second|minute)s?\\.$`));
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.body.retryAfterSeconds).toBe(retryAfter);
    await expectEmailsExactly(sentTo(email), perEmailLimit, { timeoutMs: 45_000, settleMs: 3_000, what: 'acknowledgements up to the limit' });
  }, 90_000);


});
