import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventually, listEmails } from '@reproute/platform/testing';
import { uniqueTag } from '../../../engagement/test/integration/support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The sent marker promises that the email went out: a job that finds it after a crash does not send again.
 * So a process killed the instant the marker is set must already have handed SMTP the whole message, its
 * end-of-data mark included. Against the real SMTP sink (MailDev), with a real SIGKILL.
 */
describe('a notifier killed the moment it marks an email sent', () => {
  it('has delivered that email', async () => {
    const runs = 3;
    const subjects = Array.from({ length: runs }, (_, n) => `Killed after marker ${uniqueTag()} #${n}`);
    const killedSender = async (subject: string) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../fixtures/send-then-die.ts')], {
        env: { ...process.env, SUBJECT: subject },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d.toString()));
      child.stderr.on('data', (d) => (output += d.toString()));
      const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
      // It died by its own SIGKILL, inside the hook: not after sendMail returned, not by an error.
      expect(signal, output).toBe('SIGKILL');
    };
    await Promise.all(subjects.map(killedSender));
    const received = async () => (await listEmails()).filter((e) => subjects.includes(e.subject));
    await eventually(async () => (await received()).length === runs || undefined, 15_000, 'every email of a killed sender');
    const emails = await received();
    expect(emails.map((e) => e.subject).sort()).toEqual([...subjects].sort());
    // Whole messages, not a cut-off body.
    for (const email of emails) expect((email.text ?? '').split('A lead for your hotel.').length - 1).toBe(20_000);
  }, 120_000);
});
