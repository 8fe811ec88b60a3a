import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The Node.js the project runs on is pinned once, in .nvmrc; everything else that names a version agrees. */
const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const pinned = read('.nvmrc').trim();
const major = pinned.split('.')[0];
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  packageManager: string;
};

describe('the pinned Node.js', () => {
  it('is an exact version of an LTS (even-numbered) line', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(major) % 2).toBe(0);
    expect(Number(major)).toBeGreaterThanOrEqual(24);
  });

  it('is what engines allows, and what @types/node describes', () => {
    expect(pkg.engines.node).toBe(`>=${pinned} <${Number(major) + 1}`);
    expect(pkg.devDependencies['@types/node']).toBe(`^${major}`);
    expect(pkg.packageManager).toMatch(/^npm@\d+\.\d+\.\d+$/);
  });

  it('is the version the image is built from', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain(`ARG NODE_VERSION=${pinned}\n`);
    const froms = dockerfile.split('\n').filter((line) => line.startsWith('FROM node:'));
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(/^FROM node:\$\{NODE_VERSION\}-/);
  });

  it('is the version this test runs on when started by the project scripts', () => {
    // The scripts put the pinned build first on PATH (infra/scripts/lib.sh ensure_node).
    expect(process.version).toBe(`v${pinned}`);
  });
});
