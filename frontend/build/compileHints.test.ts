import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { addCompileHints, compileHint, hasCompileHint } from './compileHints';

describe('compile hints', () => {
  it('puts the hint on the first line of every script chunk, once, and leaves other files alone', () => {
    const bundle = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', code: 'import"./jsx.js";console.log(1);' },
      'assets/jsx.js': { type: 'chunk', fileName: 'assets/jsx.js', code: `${compileHint}\nexport const a=1;` },
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css', source: 'body{margin:0}' },
    } as unknown as Rolldown.OutputBundle;
    addCompileHints(bundle);
    const code = (file: string) => (bundle[file] as Rolldown.OutputChunk).code;
    expect(code('assets/index.js')).toBe(`${compileHint}\nimport"./jsx.js";console.log(1);`);
    expect(code('assets/jsx.js')).toBe(`${compileHint}\nexport const a=1;`);
    expect((bundle['assets/index.css'] as Rolldown.OutputAsset).source).toBe('body{margin:0}');
  });

  it('counts the hint only where V8 reads it: the very start of the script', () => {
    expect(hasCompileHint(`${compileHint}\nlet a;`)).toBe(true);
    expect(hasCompileHint(`"use strict";\n${compileHint}\nlet a;`)).toBe(false);
    expect(hasCompileHint(` ${compileHint}\nlet a;`)).toBe(false);
    expect(hasCompileHint(`${compileHint}Later\nlet a;`)).toBe(false);
  });
});
