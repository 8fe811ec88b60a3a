import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The runtime image holds production dependencies only and runs as a user other than root: read from the
// Dockerfile and the package manifests (no Docker needed). MailDev, a local stand-in for SMTP, and the old
// nodemailer and mailparser it brings must never ship.

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** The Dockerfile's stages with their instructions (continued lines joined, comments dropped). */
export function parseDockerfile(text: string): Stage[] {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ name: name ?? String(stages.length), from, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

const npmInstall = /\bnpm\s+(ci|install|i|prune)\b[^&;|]*/g;
const omitsDev = (command: string) => /--omit[= ]dev\b|--production\b|--only[= ]prod(uction)?\b/.test(command);

/** A stage with what it inherits: the stages it is built FROM, first to last. */
function lineage(stages: Stage[], stage: Stage): Stage[] {
  const parent = stages.find((s) => s.name === stage.from && stages.indexOf(s) < stages.indexOf(stage));
  return parent ? [...lineage(stages, parent), stage] : [stage];
}

/** The last npm install (ci, install, prune) a stage's node_modules come from, or undefined when none ran. */
function lastInstall(stages: Stage[], stage: Stage): string | undefined {
  const commands = lineage(stages, stage)
    .flatMap((s) => s.instructions)
    .filter((i) => i.keyword === 'RUN')
    .flatMap((i) => [...i.args.matchAll(npmInstall)].map((m) => m[0].replace(/\s+/g, ' ').trim()));
  return commands.at(-1);
}

/** `COPY --from=stage src... dest`: the stage and the sources. */
function copyFrom(instruction: Instruction): { from: string; sources: string[] } | undefined {
  if (instruction.keyword !== 'COPY') return undefined;
  const words = instruction.args.split(/\s+/);
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  if (!from) return undefined;
  const paths = words.filter((w) => !w.startsWith('--'));
  return { from, sources: paths.slice(0, -1) };
}

type Manifest = { name?: string; workspaces?: string[]; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const rootManifest = JSON.parse(read('package.json')) as Manifest;
/** Every workspace the image ships: `COPY . .` takes them all. */
const shipped: { path: string; manifest: Manifest }[] = [
  { path: 'package.json', manifest: rootManifest },
  ...(rootManifest.workspaces ?? []).map((dir) => ({ path: `${dir}/package.json`, manifest: JSON.parse(read(`${dir}/package.json`)) as Manifest })),
];
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string; dev?: boolean; link?: boolean }> };
const productionPackages = Object.entries(lock.packages).filter(([path, entry]) => path.includes('node_modules/') && !entry.dev && !entry.link);
const named = (name: string) => productionPackages.filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));

const stages = parseDockerfile(read('Dockerfile'));
const runtime = stages.at(-1)!;

describe('the Dockerfile parser', () => {
  it('reads stages, their parents and their instructions', () => {
    const parsed = parseDockerfile('ARG V=1\nFROM node:${V} AS a\nRUN npm ci \\\n  --omit=dev\n# note\nFROM a AS b\nCOPY --from=a /app ./\nUSER node\n');
    expect(parsed.map((s) => [s.name, s.from])).toEqual([['a', 'node:${V}'], ['b', 'a']]);
    expect(lastInstall(parsed, parsed[1]!)).toBe('npm ci --omit=dev');
    expect(copyFrom(parsed[1]!.instructions[0]!)).toEqual({ from: 'a', sources: ['/app'] });
  });
});

describe('the runtime image', () => {
  it('is the last stage, built from the Node.js image itself, not from a stage holding dev packages', () => {
    expect(runtime.name).toBe('runtime');
    expect(runtime.from).toMatch(/^node:/);
    expect(lastInstall(stages, runtime)).toBeUndefined();
  });

  it('copies node_modules only from a stage that installed with --omit=dev', () => {
    const copies = runtime.instructions.map(copyFrom).filter((c) => c !== undefined);
    const withPackages = copies.filter((c) => c.sources.some((source) => !/\/dist(-server)?\/?$/.test(source)));
    expect(withPackages.length, 'the runtime copies an install').toBeGreaterThan(0);
    for (const copy of withPackages) {
      const stage = stages.find((s) => s.name === copy.from);
      expect(stage, copy.from).toBeDefined();
      const install = lastInstall(stages, stage!);
      expect(install, `stage ${copy.from} installs packages`).toBeDefined();
      expect(omitsDev(install!), `stage ${copy.from}: ${install}`).toBe(true);
    }
    // What comes from a stage with every package (the front end's build) is its built files only.
    for (const copy of copies.filter((c) => !withPackages.includes(c))) expect(copy.sources.every((source) => /\/dist(-server)?\/?$/.test(source))).toBe(true);
    // And nothing runs npm in the runtime stage itself.
    expect(runtime.instructions.filter((i) => i.keyword === 'RUN' && /\bnpm\s/.test(i.args))).toEqual([]);
  });

  it('runs as a user other than root', () => {
    const users = runtime.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args.split(':')[0]!.trim());
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
    // The process starts after the USER line.
    const keywords = runtime.instructions.map((i) => i.keyword);
    expect(keywords.lastIndexOf('USER')).toBeLessThan(keywords.lastIndexOf('CMD'));
  });
});

describe('what ships', () => {
  it('has no workspace declaring MailDev a production dependency', () => {
    for (const { path, manifest } of shipped) {
      expect(Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }), path).not.toContain('maildev');
    }
    expect(named('maildev')).toEqual([]);
    expect(shipped.some(({ manifest }) => 'maildev' in (manifest.devDependencies ?? {})), 'MailDev stays for local runs').toBe(true);
  });

  it("installs only the notifier's nodemailer in production (not MailDev's older ones), and no mailparser", () => {
    const notifier = shipped.find(({ manifest }) => manifest.name === '@reproute/notifier')!.manifest;
    expect(named('nodemailer').map(([path]) => path)).toEqual(['node_modules/nodemailer']);
    const major = Number(named('nodemailer')[0]![1].version!.split('.')[0]);
    expect(notifier.dependencies?.nodemailer?.startsWith(`^${major}.`)).toBe(true);
    expect(named('mailparser')).toEqual([]);
  });

  it('runs its TypeScript on Node itself: no tsx in what the image runs (its CMD, the migration Job, the seeds), nor among its production packages', () => {
    const runners = {
      'Dockerfile CMD': runtime.instructions.find((i) => i.keyword === 'CMD')?.args ?? '',
      'migration Job': read('infra/helm/reproute/templates/migrate-job.yaml'),
      'seed.sh': read('infra/scripts/seed.sh'),
      'docker-compose.yml': read('docker-compose.yml'),
    };
    expect(Object.entries(runners).filter(([, text]) => /--import[= ]tsx\b/.test(text)).map(([name]) => name)).toEqual([]);
    expect(shipped.filter(({ manifest }) => 'tsx' in (manifest.dependencies ?? {})).map(({ manifest }) => manifest.name)).toEqual([]);
  });
});
