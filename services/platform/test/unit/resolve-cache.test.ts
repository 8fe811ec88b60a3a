import Module from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installResolveCache } from '../../src/telemetry/resolve-cache.ts';

type Resolver = (request: string, parent?: { filename?: string | null }, isMain?: boolean, options?: unknown) => string;
const loader = Module as unknown as { _resolveFilename: Resolver };

describe('resolve cache', () => {
  const original = loader._resolveFilename;
  let calls: string[];
  let missing: Set<string>;

  beforeEach(() => {
    calls = [];
    missing = new Set();
    // Stands in for the resolver the cache is installed in front of: answers `<dir of parent>/<request>.js`.
    loader._resolveFilename = (request, parent) => {
      calls.push(`${parent?.filename ?? '-'} ${request}`);
      if (missing.has(request)) throw Object.assign(new Error(`Cannot find module '${request}'`), { code: 'MODULE_NOT_FOUND' });
      return `${(parent?.filename ?? '/').replace(/[^/]*$/, '')}${request.replace(/^\.\//, '')}.js`;
    };
  });
  afterEach(() => {
    loader._resolveFilename = original;
  });

  it('resolves a request from a file once, and answers later requires of it from memory', () => {
    const cache = installResolveCache();
    const fetchIndex = { filename: '/app/kafkajs/fetch/index.js' };
    expect(loader._resolveFilename('./v11/request', fetchIndex)).toBe('/app/kafkajs/fetch/v11/request.js');
    expect(loader._resolveFilename('./v11/request', fetchIndex)).toBe('/app/kafkajs/fetch/v11/request.js');
    expect(loader._resolveFilename('./v11/request', fetchIndex)).toBe('/app/kafkajs/fetch/v11/request.js');
    expect(calls).toEqual(['/app/kafkajs/fetch/index.js ./v11/request']);
    expect(cache.size()).toBe(1);
  });

  it('keeps the same request from two files apart', () => {
    installResolveCache();
    expect(loader._resolveFilename('./v1/request', { filename: '/app/fetch/index.js' })).toBe('/app/fetch/v1/request.js');
    expect(loader._resolveFilename('./v1/request', { filename: '/app/produce/index.js' })).toBe('/app/produce/v1/request.js');
    expect(calls).toHaveLength(2);
  });

  it('does not remember a miss: a file that appears later is found', () => {
    installResolveCache();
    const parent = { filename: '/app/index.js' };
    missing.add('./late');
    expect(() => loader._resolveFilename('./late', parent)).toThrow(/Cannot find module/);
    expect(() => loader._resolveFilename('./late', parent)).toThrow(/Cannot find module/);
    missing.delete('./late');
    expect(loader._resolveFilename('./late', parent)).toBe('/app/late.js');
    expect(calls).toHaveLength(3);
  });

  it('passes built-in modules, the main module, calls with options and parentless calls straight through', () => {
    installResolveCache();
    const parent = { filename: '/app/index.js' };
    for (let i = 0; i < 2; i += 1) {
      loader._resolveFilename('node:fs', parent);
      loader._resolveFilename('./main', parent, true);
      loader._resolveFilename('./other', parent, false, { paths: ['/elsewhere'] });
      loader._resolveFilename('./loose', undefined);
    }
    expect(calls).toHaveLength(8);
  });

  it('installs once: a second install keeps the first cache in front', () => {
    const first = installResolveCache();
    const installed = loader._resolveFilename;
    const second = installResolveCache();
    expect(loader._resolveFilename).toBe(installed);
    loader._resolveFilename('./a', { filename: '/app/index.js' });
    expect(first.size()).toBe(1);
    expect(second.size()).toBe(1);
    expect(second.uncached).toBe(first.uncached);
  });
});
