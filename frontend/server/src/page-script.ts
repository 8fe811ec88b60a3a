import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the front end's build writes the pages' one inline script (frontend/build/pageScript.ts). */
export const pageScriptFile = path.join('.vite', 'page-script.js');

export interface PageScript {
  /** The script's text, inlined as it is into every page the server rendered. */
  code: string;
  /** Its CSP source: `'sha256-…'` of those bytes. */
  source: string;
}

const read = new Map<string, PageScript | null>();

/**
 * The build's page script (frontend/src/pageScript) and its hash, read once per build folder for the process's
 * life: the page policy the gateway sends is made at its start from the same reading, so the script a page
 * carries is always the one the policy allows (a rebuilt script takes a restart, as the pages' code does).
 * Null when the build has none (then pages go without their server render, as a build without it did).
 */
export function pageScript(dist: string): PageScript | null {
  const known = read.get(dist);
  if (known !== undefined) return known;
  let script: PageScript | null;
  try {
    const code = fs.readFileSync(path.join(dist, pageScriptFile), 'utf8');
    script = { code, source: `'sha256-${createHash('sha256').update(code).digest('base64')}'` };
  } catch {
    script = null;
  }
  read.set(dist, script);
  return script;
}

/** The CSP `script-src` sources of the inline script pages of this build carry (its SHA-256), none without one. */
export function inlineScriptSources(dist: string): string[] {
  const script = pageScript(dist);
  return script ? [script.source] : [];
}
