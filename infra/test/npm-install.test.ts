import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const lib = path.resolve(import.meta.dirname, '../scripts/lib.sh');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-install-'));
const cache = path.join(scratch, 'cache');

/** A project of its own: one local package, so `npm ci` needs no registry. */
function project(name: string, version = '1.0.0'): string {
  const root = path.join(scratch, name);
  fs.mkdirSync(path.join(root, 'tiny'), { recursive: true });
  fs.writeFileSync(path.join(root, 'tiny/package.json'), JSON.stringify({ name: 'tiny', version }));
  fs.writeFileSync(path.join(root, 'tiny/index.js'), `module.exports = '${version}';`);
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, dependencies: { tiny: 'file:./tiny' } }));
  execFileSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root });
  return root;
}

/** Runs lib.sh's npm_install with ROOT set to the project; what it logs. */
function install(root: string, env: Record<string, string> = {}): string {
  return execFileSync('bash', ['-c', `source "${lib}" && ROOT="$1" && npm_install`, 'npm-install', root], {
    env: { ...process.env, XDG_CACHE_HOME: cache, REPROUTE_DATA: path.join(scratch, 'data'), ...env },
    encoding: 'utf8',
  });
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// Each case runs npm a few times: seconds alone, far longer beside the rest of the test command.
describe('npm_install (the install step of `make up` and the test command)', { timeout: 120_000 }, () => {
  it('installs with npm ci once per lock, then copies the kept install into a clean clone', () => {
    const first = project('first');
    expect(install(first)).toMatch(/installing npm packages\n/);
    expect(fs.existsSync(path.join(first, 'node_modules/tiny/index.js'))).toBe(true);

    // A second clone of the same lock: no npm ci, the same tree, and newer than the lock (no reinstall next time).
    const second = project('second');
    fs.copyFileSync(path.join(first, 'package-lock.json'), path.join(second, 'package-lock.json'));
    expect(install(second)).toMatch(/the copy kept for this lock/);
    expect(fs.readdirSync(path.join(second, 'node_modules')).sort()).toEqual(fs.readdirSync(path.join(first, 'node_modules')).sort());
    expect(fs.statSync(path.join(second, 'node_modules/.package-lock.json')).mtimeMs).toBeGreaterThanOrEqual(fs.statSync(path.join(second, 'package-lock.json')).mtimeMs);
    expect(install(second)).toBe('');
  });

  it('a changed lock installs afresh, and the cache can be turned off', () => {
    const changed = project('changed', '2.0.0');
    expect(install(changed)).toMatch(/installing npm packages\n/);
    const off = project('off', '3.0.0');
    expect(install(off, { NPM_INSTALL_CACHE: '0' })).toMatch(/installing npm packages\n/);
    expect(install(project('off-again', '3.0.0'), { NPM_INSTALL_CACHE: '0' })).toMatch(/installing npm packages\n/);
    expect(fs.readdirSync(path.join(cache, 'reproute/node-modules'))).toHaveLength(2);
  });
});
