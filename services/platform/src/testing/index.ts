/**
 * Helpers for integration tests that talk to the running system through the gateway, and to
 * MailDev's REST API. Tests use real components only; these helpers just save typing.
 */
import { setTimeout as wait } from 'node:timers/promises';

import { stack } from './stack.ts';

export const gatewayUrl = stack.gatewayUrl;
export const maildevUrl = stack.maildevUrl;
export { apiFrom, uniqueClientAddress } from './client-address.ts';

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the gateway (or `base`) with a JSON body and an optional bearer token. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers
export async function api<T = any>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; base?: string; rawBody?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${options.base ?? gatewayUrl}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** A unique, valid email address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const strongPassword = 'Str0ng!Pass';

interface AuthBody {
  token: string;
  user: { id: string; email: string; emailVerified?: boolean };
}

/**
 * Registers a traveller through the gateway; returns the token and user. By default the account then
 * verifies its address through the real flow (the verification email in MailDev, its link opened as the
 * account): the token returned claims the verified address, as a traveller's does after clicking, so its
 * leads carry its contact and its reviews are taken. `verified: false` keeps the new, unverified account.
 */
export async function registerTraveller(overrides: Partial<{ email: string; password: string; firstName: string; lastName: string; verified: boolean }> = {}) {
  const email = overrides.email ?? uniqueEmail('traveller');
  const res = await api<AuthBody>('POST', '/api/auth/register', {
    body: { email, password: overrides.password ?? strongPassword, firstName: overrides.firstName ?? 'Test', lastName: overrides.lastName ?? 'Traveller' },
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const registered = { ...res.body, email, password: overrides.password ?? strongPassword };
  if (overrides.verified === false) return registered;
  return { ...registered, ...(await verifyEmail(email, registered.token)) };
}

/** The token of the newest verification link emailed to `address` (after `since`, ms), read from MailDev. */
export async function verificationLinkToken(address: string, options: { since?: number; timeoutMs?: number } = {}): Promise<string> {
  const wanted = address.toLowerCase();
  const since = options.since ?? 0;
  const email = await waitForEmail(
    (e) => e.to.some((t) => t.address.toLowerCase() === wanted) && /\/verify-email\?token=/.test(e.text ?? '') && Date.parse(e.time) >= since - 1000,
    options.timeoutMs ?? 30_000,
  );
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(email.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link in the email to ${address}`);
  return token;
}

/**
 * Verifies an account's address through the real flow: the link emailed to `address` is opened by the
 * account (signed in with `token`), which answers a fresh token claiming the verified address.
 */
export async function verifyEmail(address: string, token: string, options: { since?: number } = {}): Promise<AuthBody> {
  const link = await verificationLinkToken(address, options);
  const res = await api<AuthBody & { message: string }>('POST', '/api/auth/verify-email', { body: { token: link }, token });
  if (res.status !== 200 || !res.body.token) throw new Error(`verify-email failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user };
}

export async function login(email: string, password: string) {
  const res = await api<{ token: string; user: { id: string } }>('POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The seeded accounts (infra seed); passwords come from the same variables the seed uses. */
export const seedAccounts = {
  admin: { email: process.env.SEED_ADMIN_EMAIL ?? 'admin@reproute.example', password: process.env.SEED_ADMIN_PASSWORD ?? 'Admin!2345' },
  provider: { email: process.env.SEED_PROVIDER_EMAIL ?? 'provider@reproute.example', password: process.env.SEED_PROVIDER_PASSWORD ?? 'Provider!2345' },
  traveller: { email: process.env.SEED_TRAVELLER_EMAIL ?? 'traveller@reproute.example', password: process.env.SEED_TRAVELLER_PASSWORD ?? 'Traveller!2345' },
};

export interface MaildevEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  time: string;
  to: { address: string; name?: string }[];
  from: { address: string; name?: string }[];
  headers: Record<string, string>;
}

/**
 * For each needle: how many emails mention it (`deliveries`), and how many distinct messages those are
 * (`messages`, by Message-ID). A notifier killed in the moment between handing SMTP a whole email and
 * writing its sent marker sends that job's email once more as the same message (the same Message-ID),
 * which is the one duplicate the design allows: delivered twice, still one message.
 */
export function mentionsIn(emails: MaildevEmail[], needles: string[]): { deliveries: number; messages: number }[] {
  return needles.map((needle) => {
    const mentioning = emails.filter((e) => (e.text ?? '').includes(needle));
    return { deliveries: mentioning.length, messages: new Set(mentioning.map((e) => e.headers['message-id'] ?? e.id)).size };
  });
}

/** Deliveries beyond one per message (see mentionsIn), summed. */
export const redeliveries = (counts: { deliveries: number; messages: number }[]) => counts.reduce((n, c) => n + c.deliveries - c.messages, 0);

export async function listEmails(): Promise<MaildevEmail[]> {
  const res = await fetch(`${maildevUrl}/api/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as MaildevEmail[];
}

/** Emails sent to `address` (case-insensitive). */
export async function emailsTo(address: string): Promise<MaildevEmail[]> {
  const wanted = address.toLowerCase();
  return (await listEmails()).filter((e) => e.to.some((t) => t.address.toLowerCase() === wanted));
}

/** Polls MailDev until an email matching `predicate` arrives, or fails after `timeoutMs`. */
export async function waitForEmail(predicate: (email: MaildevEmail) => boolean, timeoutMs = 20_000): Promise<MaildevEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listEmails()).find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('expected email did not arrive in time');
    await sleep(250);
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not hold in time${last ? `: ${String(last)}` : ''}`);
    await sleep(250);
  }
}

export const sleep = (ms: number): Promise<void> => wait(ms);
export * from './events.ts';
export * from './otlp-receiver.ts';
export * from './stack.ts';
