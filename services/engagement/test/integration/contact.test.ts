import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { api, sleep, uniqueEmail } from '@reproute/platform/testing';
import { emailsWhere, expectEmailsExactly, replyToOf, sentTo, uniqueTag } from './support.ts';

const supportEmail = process.env.SUPPORT_EMAIL ?? 'support@reproute.example';

describe('POST /api/contact through the gateway', () => {
  it('stores the message, emails support (reply-to the sender) and acknowledges the sender', async () => {
    const tag = uniqueTag('contact');
    const email = uniqueEmail('contact');
    const message = `Do your partner hotels have lifting platforms? <b>${tag}</b>`;
    const res = await api('POST', '/api/contact', {
      body: { name: '  Casey Contact ', email, subject: `Platforms ${tag}`, message, inquiryType: 'technical' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), message: "Thank you for contacting us! We'll get back to you within 24 hours." });

    const [toSupport] = await expectEmailsExactly((e) => sentTo(supportEmail)(e) && e.subject.includes(tag), 1, { what: 'support copy' });
    expect(toSupport!.subject).toBe(`[Contact · technical] Platforms ${tag}`);
    expect(toSupport!.text).toContain('Casey Contact');
    expect(toSupport!.text).toContain(email);
    expect(toSupport!.text).toContain(message);
    expect(toSupport!.html).toContain(`&lt;b&gt;${tag}&lt;/b&gt;`);
    expect(toSupport!.html).not.toContain(`<b>${tag}</b>`);
    expect(await replyToOf(toSupport!)).toBe(email);

    const [ack] = await expectEmailsExactly(sentTo(email), 1, { settleMs: 0, what: 'acknowledgement' });
    expect(ack!.subject).toBe('We received your message');
    expect(ack!.text).toContain('Hi Casey Contact, thank you for contacting us!');
    expect(ack!.text).toContain(message);
  });

  it('needs no subject and defaults the inquiry type to general', async () => {
    const email = uniqueEmail('nosubject');
    const res = await api('POST', '/api/contact', { body: { name: 'Nia', email, message: 'Just saying hello.' } });
    expect(res.status).toBe(201);
    const [toSupport] = await expectEmailsExactly((e) => sentTo(supportEmail)(e) && (e.text ?? '').includes(email), 1, { settleMs: 0 });
    expect(toSupport!.subject).toBe('[Contact · general] Message from Nia');
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['a missing name', { name: undefined }],
    ['a blank email', { email: ' \t ' }],
    ['a missing email', { email: undefined }],
    ['a blank message', { message: '  \n ' }],
    ['a missing message', { message: undefined }],
  ])('answers 400 "Please fill in all required fields." for %s and sends nothing', async (_case, change) => {
    const email = uniqueEmail('invalid');
    const body = { name: 'Val Idation', email, subject: 'Hi', message: 'A message', inquiryType: 'general', ...change };
    const res = await api('POST', '/api/contact', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: messages.missingInformation });
    expect(res.body.message).toBe('Please fill in all required fields.');
    await sleep(300);
    expect(await emailsWhere(sentTo(email))).toHaveLength(0);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api('POST', '/api/contact', { rawBody: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });
});
