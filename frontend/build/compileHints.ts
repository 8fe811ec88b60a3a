import type { Plugin, Rolldown } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 and later): a script that starts with this comment has every
 * function compiled when the script is, on a background thread while it streams in, instead of each one on
 * the main thread the first time it is called. Other engines read it as a comment.
 */
export const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * Whether a built script carries the hint where V8 looks for it: its very first line. Exported for the build
 * check (scripts/bundle-budget.ts).
 */
export function hasCompileHint(code: string): boolean {
  return code.startsWith(`${compileHint}\n`);
}

/**
 * Puts the compile hint at the top of every script chunk. Nearly all of what a chunk holds runs as soon as it is
 * loaded: the entry starts the app, and the others are the screens and parts of a page being opened. On a phone's
 * first load of the home page, functions compiled one by one on the main thread were 605 compiles and 46-140 ms
 * unthrottled (the benchmark diary of "28 November 2026, night" (`git show 9bee98b:docs/benchmarks.md`)). Runs after minification (which would drop the comment)
 * and after Vite's own changes to the chunks, before the files are written and precompressed.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'reproute-compile-hints',
    apply: 'build',
    enforce: 'post',
    // Last of every plugin's generateBundle: Vite's own adds a line at the top of chunks that load others' stylesheets.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle);
      },
    },
  };
}

/** Adds the hint to each script chunk of the bundle that lacks it. */
export function addCompileHints(bundle: Rolldown.OutputBundle): void {
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && !hasCompileHint(item.code)) item.code = `${compileHint}\n${item.code}`;
  }
}
