/**
 * Remembers where a `require` from a given file resolved to.
 *
 * The tracing instrumentation hooks `require` (require-in-the-middle), and that hook resolves the file of
 * every `require` call before anything else, even for a module loaded long ago. Node's own loader skips
 * that work for a module it already has; the hook cannot. Under tsx, each resolution also builds an error
 * stack through the source maps. Most packages require only while they load, but kafkajs requires the
 * encoder of each protocol request when it sends one. So every fetch, offset commit and produce
 * resolved files again: 14% of the analytics consumer's CPU and 3-5% of the other services' under the
 * k6 mix (`node --cpu-prof`; the benchmark diary (`git show 9bee98b:docs/benchmarks.md`)).
 *
 * An answer is kept per (requiring file, request) pair, and only for answers that resolved. A file added
 * later is still found: misses are not remembered. Built-in modules and calls with options (the
 * `paths` of `require.resolve`) go straight through.
 */
import Module, { isBuiltin } from 'node:module';

type ResolveFilename = (request: string, parent: { filename?: string | null } | undefined, isMain?: boolean, options?: unknown) => string;

/** The cache as installed: the resolver itself, carrying its answers and the resolver it stands in front of. */
type CachedResolver = ResolveFilename & { cache: Map<string, string>; uncached: ResolveFilename };

const loader = Module as unknown as { _resolveFilename: ResolveFilename | CachedResolver };

const handle = (cached: CachedResolver) => ({ size: () => cached.cache.size, uncached: cached.uncached, cached: cached as ResolveFilename });

/** Installs the cache in front of the current resolver (tsx's, when tsx is loaded first); idempotent. */
export function installResolveCache(): ReturnType<typeof handle> {
  const current = loader._resolveFilename;
  if ('cache' in current) return handle(current);
  const resolve = current;
  const cache = new Map<string, string>();
  const cached = function (this: unknown, request: string, parent: { filename?: string | null } | undefined, isMain?: boolean, options?: unknown) {
    const from = parent?.filename;
    if (isMain || options !== undefined || !from || isBuiltin(request)) return resolve.call(this, request, parent, isMain, options);
    const key = `${from}\u0000${request}`;
    let filename = cache.get(key);
    if (filename === undefined) {
      filename = resolve.call(this, request, parent, isMain, options);
      cache.set(key, filename);
    }
    return filename;
  } as CachedResolver;
  cached.cache = cache;
  cached.uncached = resolve;
  loader._resolveFilename = cached;
  return handle(cached);
}
