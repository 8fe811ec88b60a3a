import fs from 'node:fs/promises';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Logger } from './logger.ts';

/**
 * Sealed values: AES-256-GCM with a key two services share, for a secret that must pass through
 * places that keep copies (Kafka, the outbox, BullMQ job data) without being readable there.
 * Format: `v1.<iv>.<ciphertext>.<tag>` (base64url). `context` is bound in as associated data, so a
 * sealed value only opens for the purpose it was sealed for.
 */
const version = 'v1';

export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Opens a sealed value; throws when it was not sealed with this key and context or was altered. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const [v, iv, ciphertext, tag] = sealed.split('.');
  if (v !== version || !iv || ciphertext === undefined || !tag) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

function decodeKey(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${source} must be 32 bytes, base64-encoded (openssl rand -base64 32)`);
  return key;
}

/**
 * The shared sealing key: from `value` (base64, from the environment) or from `file`, which the
 * first service to start creates (32 random bytes, mode 0600, never committed: `.data/` is ignored).
 * The file appears whole or not at all (written aside, then linked into place), so two services
 * starting together agree on one key.
 */
export async function loadSealingKey(options: { value?: string; file: string; variable: string; logger: Logger }): Promise<Buffer> {
  if (options.value) return decodeKey(options.value, options.variable);
  try {
    return decodeKey(await fs.readFile(options.file, 'utf8'), options.file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(path.dirname(options.file), { recursive: true, mode: 0o700 });
  const aside = `${options.file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(aside, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    await fs.link(aside, options.file);
    options.logger.info({ file: options.file }, `generated ${options.variable} (set it in the environment to choose one)`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.unlink(aside).catch(() => undefined);
  }
  return decodeKey(await fs.readFile(options.file, 'utf8'), options.file);
}
