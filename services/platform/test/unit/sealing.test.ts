import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.ts';
import { loadSealingKey, seal, unseal } from '../../src/sealing.ts';

const logger = createLogger('test', 'silent');

describe('sealed values', () => {
  it('open only with the same key and context, and never show the plaintext', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'the-secret-token', 'reset:1');
    expect(sealed).not.toContain('the-secret-token');
    expect(seal(key, 'the-secret-token', 'reset:1')).not.toBe(sealed);
    expect(unseal(key, sealed, 'reset:1')).toBe('the-secret-token');
    expect(() => unseal(key, sealed, 'reset:2')).toThrow();
    expect(() => unseal(randomBytes(32), sealed, 'reset:1')).toThrow();
    const [v, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string];
    const altered = [v, iv, Buffer.from(Buffer.from(ciphertext, 'base64url').map((b, i) => (i === 0 ? b ^ 1 : b))).toString('base64url'), tag].join('.');
    expect(() => unseal(key, altered, 'reset:1')).toThrow();
    expect(() => unseal(key, 'plain', 'reset:1')).toThrow('not a sealed value');
  });

  it('loads the key from the environment, or creates one shared file that every later load reads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    try {
      const file = path.join(dir, 'nested', 'reset-link.key');
      const [a, b] = await Promise.all([
        loadSealingKey({ file, variable: 'RESET_LINK_KEY', logger }),
        loadSealingKey({ file, variable: 'RESET_LINK_KEY', logger }),
      ]);
      expect(a.equals(b)).toBe(true);
      expect((await loadSealingKey({ file, variable: 'RESET_LINK_KEY', logger })).equals(a)).toBe(true);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.dirname(file))).toEqual(['reset-link.key']);
      const chosen = randomBytes(32);
      expect((await loadSealingKey({ value: chosen.toString('base64'), file, variable: 'RESET_LINK_KEY', logger })).equals(chosen)).toBe(true);
      await expect(loadSealingKey({ value: 'c2hvcnQ=', file, variable: 'RESET_LINK_KEY', logger })).rejects.toThrow('RESET_LINK_KEY must be 32 bytes');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
