import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { api, seedAccounts, stack } from '@reproute/platform/testing';
import { identityDb } from './helpers.ts';

const identityDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

afterAll(() => identityDb.end());

describe('seed accounts', () => {
  it('a production run creates and changes no account without its password (no default admin)', async () => {
    const before = await identityDb.query('SELECT id, password_hash, updated_at FROM identity.users WHERE email LIKE $1 ORDER BY id', ['%@reproute.example']);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && !k.startsWith('SEED_') && k !== 'TEST'));
    const output = execFileSync('node', ['--import', 'tsx', 'scripts/seed.ts'], {
      cwd: identityDir,
      env: { ...env, NODE_ENV: 'production', SERVICE_NAME: 'identity', DB_SCHEMA: 'identity', DATABASE_URL: process.env.IDENTITY_DATABASE_URL ?? stack.databaseUrl('identity'), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(output).toContain('0 accounts ready');
    expect(output).toContain('admin (set SEED_ADMIN_PASSWORD to create it)');
    const after = await identityDb.query('SELECT id, password_hash, updated_at FROM identity.users WHERE email LIKE $1 ORDER BY id', ['%@reproute.example']);
    expect(after.rows).toEqual(before.rows);
    // The local seed (make up) still made the documented accounts.
    expect((await api('POST', '/api/auth/login', { body: seedAccounts.admin })).status).toBe(200);
  });
});
