// Event pipeline latency: a lead posted through the gateway → referral → outbox → Kafka → notifier →
// BullMQ → SMTP, until MailDev has accepted the email. Steady load of RATE leads per second for
// SECONDS; reports p50/p95/p99 and writes .data/bench/event-pipeline.md. Each lead is told apart by its
// referral id. Leads come as a verified traveller who shares their details sends them (the seeded traveller,
// signed in once; the only leads there are, ruling 14), each from a client address of
// its own (a loopback address, over its own connection) to one of the listed hotels in turn, so the run stays
// within the deployed lead limits (60 per client and 100 per hotel in 10 minutes: runs of 600 leads every few
// minutes); raising the limits instead makes each lead's limit check read every lead of the window.
//   node --import tsx infra/bench/event-pipeline.ts [rate] [seconds]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiFrom, uniqueClientAddress } from '@reproute/platform/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const maildev = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';
const rate = Number(process.argv[2] ?? 5);
const seconds = Number(process.argv[3] ?? 60);
const hotelIds = ((await (await fetch(`${gateway}/api/hotels`)).json()) as { id: number }[]).map((h) => h.id);
// Referral ids RR_{hotelId}_{n}, n from a per-run base so runs never collide.
const runBase = Date.now() * 100;
const referralPattern = /RR_\d+_(\d{15})/;

// Stays start next year (eight guest counts per day), each lead its own; a run's stays start a day later for each
// second since the epoch (modulo a year), so a run's leads are never taken for repeats of an earlier run's (one
// traveller sends them all, and the same traveller, hotel and stay within minutes is one lead).
const stayStart = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1) + (Math.floor(Date.now() / 1000) % 365) * 86_400_000;
const userAgent = `reproute-event-pipeline-bench/${runBase}`;
const stayDay = (i: number, nights = 0) => new Date(stayStart + (Math.floor(i / 8) + nights) * 86_400_000).toISOString().slice(0, 10);

const traveller = await apiFrom(uniqueClientAddress(), 'POST', '/api/auth/login', {
  base: gateway,
  body: { email: process.env.SEED_TRAVELLER_EMAIL ?? 'traveller@reproute.example', password: process.env.SEED_TRAVELLER_PASSWORD ?? 'Traveller!2345' },
});
if (traveller.status !== 200) throw new Error(`could not sign in the seeded traveller: ${traveller.status}`);
const token = (traveller.body as { token: string }).token;

const postedAt = new Map<string, number>();
const arrivedAt = new Map<string, number>();
let failures = 0;
const failedStatuses = new Map<number, number>();

async function post(i: number) {
  const hotelId = hotelIds[i % hotelIds.length]!;
  const marker = `RR_${hotelId}_${runBase + i}`;
  const started = performance.now();
  const res = await apiFrom(uniqueClientAddress(), 'POST', '/api/leads', {
    base: gateway,
    token,
    headers: { 'user-agent': userAgent },
    // Each lead its own stay: the same lead repeated within minutes is answered with the first and sends no email.
    body: { shareContact: true, hotelId, guests: 1 + (i % 8), checkInDate: stayDay(i), checkOutDate: stayDay(i, 3), referralId: marker },
  });
  if (res.status === 201) postedAt.set(marker, started);
  else {
    failures += 1;
    failedStatuses.set(res.status, (failedStatuses.get(res.status) ?? 0) + 1);
  }
}

// Polls the newest emails often; arrival time is when the poll first sees the email (±poll interval). MailDev answers
// each email whole (its text and HTML, some 4.6 KB), and a page of 200 every 25 ms kept MailDev and this process busy
// enough to count in the latency they measure (p95 150-236 ms, while the system's own spans ended the SMTP send
// 37-77 ms after the post). A poll reads a page of about two seconds of arrivals (MailDev orders by the Date header,
// to the second), and the next page only while most of a page is new, as after a stall.
const pageSize = Math.max(20, rate * 2);
let polling = true;
async function poll() {
  while (polling) {
    for (let skip = 0; ; skip += pageSize) {
      const res = await fetch(`${maildev}/api/email?sort=desc&limit=${pageSize}&skip=${skip}`);
      const now = performance.now();
      const page = (await res.json()) as { text?: string }[];
      let fresh = 0;
      for (const email of page) {
        const m = referralPattern.exec(email.text ?? '');
        if (m && Number(m[1]) >= runBase && !arrivedAt.has(m[0])) {
          arrivedAt.set(m[0], now);
          fresh += 1;
        }
      }
      if (page.length < pageSize || fresh <= pageSize / 2) break;
    }
    await sleep(25);
  }
}

const poller = poll();
const total = rate * seconds;
const begin = performance.now();
const inflight: Promise<void>[] = [];
for (let i = 0; i < total; i++) {
  const due = begin + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  inflight.push(post(i));
}
await Promise.all(inflight);
const deadline = performance.now() + 60_000;
while (arrivedAt.size < postedAt.size && performance.now() < deadline) await sleep(200);
polling = false;
await poller;

const latencies = [...postedAt].filter(([m]) => arrivedAt.has(m)).map(([m, t]) => arrivedAt.get(m)! - t).sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
const lines = [
  `Lead posted → email accepted by MailDev, ${rate} leads/s for ${seconds} s (${total} leads), ${new Date().toISOString()}`,
  '',
  '| leads | emails arrived | failed posts | p50 ms | p95 ms | p99 ms | max ms |',
  '|---|---|---|---|---|---|---|',
  `| ${postedAt.size} | ${latencies.length} | ${failures} | ${q(50).toFixed(0)} | ${q(95).toFixed(0)} | ${q(99).toFixed(0)} | ${(latencies.at(-1) ?? NaN).toFixed(0)} |`,
  '',
  `p95 ${q(95).toFixed(0)} ms against the 100 ms target at 20 leads/s. Arrival is observed by polling MailDev every 25 ms.`,
  ...(failures > 0 ? [`Failed posts by status: ${[...failedStatuses].map(([status, n]) => `${status} ×${n}`).join(', ')}.`] : []),
];
fs.mkdirSync(path.join(root, '.data/bench'), { recursive: true });
fs.writeFileSync(path.join(root, '.data/bench/event-pipeline.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
if (latencies.length < postedAt.size || failures > 0) process.exitCode = 1;
