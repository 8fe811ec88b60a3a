import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every setting a process reads comes through its config schema (platform config.ts and the schemas extending it),
// so each is validated at start and documented in docs/configuration.md. The server code therefore never reads
// process.env itself: only the platform's config module does (loadConfig's default), and the test support that
// tests run (never a process).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server code: each service's, the gateway's, the contracts' and the pages' server's source. */
const sourceDirs = [
  'contracts/src',
  'gateway/src',
  'frontend/server/src',
  ...readdirSync(path.join(root, 'services')).map((name) => `services/${name}/src`),
].filter((dir) => existsSync(path.join(root, dir)));

/** Where process.env may be read, and why. */
const allowed: Record<string, string> = {
  'services/platform/src/config.ts': 'the config module: loadConfig and configOrExit read the environment',
  'services/platform/src/testing/': 'test support (the stack under test, seed accounts), run by tests only',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

describe('process.env', () => {
  it('is read only by the config modules', () => {
    const files = sourceDirs.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const readers = files
      .filter((file) => !Object.keys(allowed).some((prefix) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix)))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (/\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"]env['"]\s*\]/.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(readers, 'read the setting through a config schema (platform config.ts, the process\'s own config.ts) instead').toEqual([]);
  });

  it('names only files that exist among the allowed', () => {
    for (const entry of Object.keys(allowed)) expect(existsSync(path.join(root, entry)), entry).toBe(true);
  });
});
